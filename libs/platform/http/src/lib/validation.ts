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
  // class-validator names the property at the start of each message; the path says it already.
  const messages = Object.values(constraints).map((m) => m.replace(new RegExp(`^${error.property}\\s+`), ''));
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
export const LONE_SURROGATE_MESSAGE = 'must not contain a lone surrogate (text that is not valid Unicode)';
/** Deeper than any body a route takes (a structured item's schema nests at most 10 levels). */
export const MAX_INPUT_DEPTH = 64;
export const TOO_DEEP_MESSAGE = `must not nest more than ${MAX_INPUT_DEPTH} levels deep`;
/** More offending fields than this are not listed one by one. */
const MAX_NUL_DETAILS = 100;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function unstorable(text: string): string | undefined {
  if (text.includes('\u0000')) return NUL_MESSAGE;
  if (LONE_SURROGATE.test(text)) return LONE_SURROGATE_MESSAGE;
  return undefined;
}

/**
 * The fields in `value` (string values and object keys, at any depth) holding text PostgreSQL
 * cannot store, in document order: a NUL character (U+0000 fits neither text nor jsonb) or a lone
 * surrogate (jsonb refuses it; UTF-8 has no encoding for it). Such input is refused as a whole
 * before anything reads it; walked without recursion, so 2,000-deep nesting is no risk.
 */
export function findUnstorableText(value: unknown, root = ''): ErrorDetail[] {
  const found: ErrorDetail[] = [];
  const pending: Array<[unknown, string]> = [[value, root]];
  while (pending.length > 0 && found.length < MAX_NUL_DETAILS) {
    const [node, path] = pending.pop() as [unknown, string];
    if (typeof node === 'string') {
      const message = unstorable(node);
      if (message) found.push({ path, message });
    } else if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) pending.push([node[i], `${path}[${i}]`]);
    } else if (typeof node === 'object' && node !== null) {
      const entries = Object.entries(node);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i] as [string, unknown];
        const childPath = join(path, key);
        const message = unstorable(key);
        if (message) found.push({ path: childPath, message });
        else pending.push([child, childPath]);
      }
    }
  }
  return found;
}

/** The paths in `value` that hold a NUL character (see findUnstorableText). */
export const findNulCharacters = (value: unknown, root = ''): string[] =>
  findUnstorableText(value, root)
    .filter((detail) => detail.message === NUL_MESSAGE)
    .map((detail) => detail.path);

/**
 * The path of the first array or object nested deeper than MAX_INPUT_DEPTH, if any: the DTO
 * transformation recurses once per level, and a 2,000-deep body would exhaust the stack (500).
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

/**
 * The input rules every route shares, ahead of its DTO's rules: no body field, query or path
 * parameter may hold a NUL character or a lone surrogate, and no body may nest deeper than
 * MAX_INPUT_DEPTH (422 naming the fields; see docs/decisions.md).
 */
class InputPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type !== 'custom') {
      const root = metadata.data ?? '';
      const tooDeep = findTooDeep(value, root);
      if (tooDeep !== undefined)
        throw validationFailed([{ path: tooDeep || metadata.type, message: TOO_DEEP_MESSAGE }]);
      const details = findUnstorableText(value, root);
      if (details.length > 0)
        throw validationFailed(details.map((detail) => ({ ...detail, path: detail.path || metadata.type })));
    }
    return super.transform(value, metadata);
  }
}

/**
 * The global pipe: NUL characters, lone surrogates and deep nesting refused, unknown fields refused, payloads transformed to DTO
 * instances, 422 on failure.
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
