/**
 * Paths in error details follow the `{path, message}` of docs/contract.md "Errors": dotted for names, indexed
 * for arrays (`items[2].constraints.min_count`). A name that would make the dotted form ambiguous is quoted.
 */
export function fieldPath(path: string, name: string): string {
  if (/^[A-Za-z_$][A-Za-z0-9_$-]*$/.test(name)) return path === '' ? name : `${path}.${name}`;
  return `${path}[${JSON.stringify(name)}]`;
}

export function indexPath(path: string, index: number): string {
  return `${path}[${index}]`;
}

/** Lengths are counted in Unicode code points so an emoji counts as one character, as a person sees it. */
export function codePointLength(value: string): number {
  let count = 0;
  for (const _ of value) count += 1;
  return count;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isPositiveInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}

/** A list of accepted values for a message: strings as they are, anything else as JSON. */
export function describeList(values: readonly unknown[]): string {
  return values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ');
}
