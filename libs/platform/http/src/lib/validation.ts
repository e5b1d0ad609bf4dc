import { type ArgumentMetadata, type ValidationError, ValidationPipe } from '@nestjs/common';
import { type ErrorDetail, validationFailed } from '@intake/errors';

function join(parent: string, property: string): string {
  if (/^\d+$/.test(property)) return `${parent}[${property}]`;
  return parent ? `${parent}.${property}` : property;
}

function describe(error: ValidationError): string {
  const constraints = error.constraints ?? {};
  if (constraints['whitelistValidation']) return 'is not an accepted field';
  // A null where none is allowed also fails the field's type rule; the null is the news.
  if (constraints['notNull']) return constraints['notNull'];
  // class-validator names the property at the start of each message; the path says it already. Cut
  // as text: a property name can come from the request (a map's key), never to be compiled as a RegExp.
  const messages = Object.values(constraints).map((m) =>
    m.startsWith(error.property) && /^\s/.test(m.slice(error.property.length))
      ? m.slice(error.property.length).trimStart()
      : m,
  );
  return messages[0] ?? 'is invalid';
}

/** Flattens class-validator's tree into one `{path, message}` per offending field. */
export function toErrorDetails(errors: ValidationError[], parent = ''): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  for (const error of errors) {
    const path = join(parent, error.property);
    if (error.constraints && Object.keys(error.constraints).length > 0)
      details.push({ path, message: describe(error) });
    if (error.children?.length) details.push(...toErrorDetails(error.children, path));
  }
  return details;
}

export const NUL_MESSAGE = 'must not contain the NUL character (U+0000)';
/** Deeper than any body a route takes (a structured item's schema nests at most 10 levels). */
export const MAX_INPUT_DEPTH = 64;
export const TOO_DEEP_MESSAGE = `must not nest more than ${MAX_INPUT_DEPTH} levels deep`;
/** More offending fields than this are not listed one by one. */
const MAX_NUL_DETAILS = 100;

/**
 * The paths in `value` (string values and object keys, at any depth) that hold a NUL character,
 * in document order. PostgreSQL stores no U+0000 in text or jsonb, so such input is refused as a
 * whole before anything reads it; walked without recursion, so 2,000-deep nesting is no risk.
 */
export function findNulCharacters(value: unknown, root = ''): string[] {
  const found: string[] = [];
  const pending: Array<[unknown, string]> = [[value, root]];
  while (pending.length > 0 && found.length < MAX_NUL_DETAILS) {
    const [node, path] = pending.pop() as [unknown, string];
    if (typeof node === 'string') {
      if (node.includes('\u0000')) found.push(path);
    } else if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) pending.push([node[i], `${path}[${i}]`]);
    } else if (typeof node === 'object' && node !== null) {
      const entries = Object.entries(node);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i] as [string, unknown];
        const childPath = join(path, key);
        if (key.includes('\u0000')) found.push(childPath);
        else pending.push([child, childPath]);
      }
    }
  }
  return found;
}

/**
 * The path of the first array or object nested deeper than MAX_INPUT_DEPTH, if any: the DTO
 * transformation recurses once per level, and a 2,000-deep body exhausted the stack (500).
 */
export function findTooDeep(value: unknown, root = ''): string | undefined {
  const pending: Array<[unknown, string, number]> = [[value, root, 0]];
  while (pending.length > 0) {
    const [node, path, depth] = pending.pop() as [unknown, string, number];
    if (typeof node !== 'object' || node === null) continue;
    if (depth > MAX_INPUT_DEPTH) return path;
    if (Array.isArray(node)) node.forEach((child, i) => pending.push([child, `${path}[${i}]`, depth + 1]));
    else for (const [key, child] of Object.entries(node)) pending.push([child, join(path, key), depth + 1]);
  }
  return undefined;
}

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATES = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const wellFormed = (text: string) => text.replace(LONE_SURROGATES, '\uFFFD');

/**
 * `value` with every lone surrogate (in string values and object keys, at any depth) replaced by
 * U+FFFD, in place. Lone surrogates are accepted (docs/reliability.md, "Machine-checked routes: the rules behind them") and PostgreSQL's driver
 * stores them so in text columns; jsonb refuses their escapes outright, which answered 500.
 */
export function replaceLoneSurrogates(value: unknown): unknown {
  if (typeof value === 'string') return wellFormed(value);
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const node = pending.pop();
    if (Array.isArray(node)) {
      node.forEach((child, i) => {
        if (typeof child === 'string') node[i] = wellFormed(child);
        else pending.push(child);
      });
    } else if (typeof node === 'object' && node !== null) {
      const record = node as Record<string, unknown>;
      for (const [key, child] of Object.entries(record)) {
        const name = wellFormed(key);
        if (name !== key) delete record[key];
        if (typeof child === 'string') record[name] = wellFormed(child);
        else {
          record[name] = child;
          pending.push(child);
        }
      }
    }
  }
  return value;
}

/**
 * The input rules every route shares, ahead of its DTO's rules: no body may nest deeper than
 * MAX_INPUT_DEPTH and no body field, query or path parameter may hold a NUL character (422 naming
 * the field); lone surrogates become U+FFFD (see docs/reliability.md).
 */
class InputPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type !== 'custom') {
      const root = metadata.data ?? '';
      const tooDeep = findTooDeep(value, root);
      if (tooDeep !== undefined)
        throw validationFailed([{ path: tooDeep || metadata.type, message: TOO_DEEP_MESSAGE }]);
      const paths = findNulCharacters(value, root);
      if (paths.length > 0)
        throw validationFailed(paths.map((path) => ({ path: path || metadata.type, message: NUL_MESSAGE })));
      return super.transform(replaceLoneSurrogates(value), metadata);
    }
    return super.transform(value, metadata);
  }
}

/**
 * The global pipe: NUL characters and deep nesting refused, lone surrogates replaced, unknown
 * fields refused, payloads transformed to DTO instances, 422 on failure.
 */
export function createValidationPipe(): ValidationPipe {
  return new InputPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => validationFailed(toErrorDetails(errors)),
  });
}
