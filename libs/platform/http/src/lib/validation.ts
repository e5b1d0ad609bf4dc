import { type ValidationError, ValidationPipe } from '@nestjs/common';
import { type ErrorDetail, validationFailed } from '@intake/errors';

function join(parent: string, property: string): string {
  if (/^\d+$/.test(property)) return `${parent}[${property}]`;
  return parent ? `${parent}.${property}` : property;
}

function describe(error: ValidationError): string {
  const constraints = error.constraints ?? {};
  if (constraints['whitelistValidation']) return 'is not an accepted field';
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

/** The global pipe: unknown fields refused, payloads transformed to DTO instances, 422 on failure. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => validationFailed(toErrorDetails(errors)),
  });
}
