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
 * The one input rule every route shares, ahead of its DTO's rules: no body field, query or path
 * parameter may hold a NUL character (422 naming each field; see docs/decisions.md).
 */
class InputPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type !== 'custom') {
      const paths = findNulCharacters(value, metadata.data ?? '');
      if (paths.length > 0)
        throw validationFailed(paths.map((path) => ({ path: path || metadata.type, message: NUL_MESSAGE })));
    }
    return super.transform(value, metadata);
  }
}

/**
 * The global pipe: NUL characters refused, unknown fields refused, payloads transformed to DTO
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
