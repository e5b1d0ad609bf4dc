import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, type ApiPropertyOptions } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsObject,
  IsString,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  registerDecorator,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { isIanaTimeZone } from '@intake/domain-accounts';

/** A class-validator decorator from a predicate and its message. */
export function satisfies(name: string, message: string, validate: (value: unknown) => boolean): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name,
      target: target.constructor,
      propertyName: String(propertyName),
      validator: { validate, defaultMessage: () => message },
    });
}

export const IsIanaTimeZone = () =>
  satisfies(
    'isIanaTimeZone',
    'must be an IANA time zone such as Europe/Prague',
    (v) => typeof v === 'string' && isIanaTimeZone(v),
  );

/** A real calendar date written YYYY-MM-DD. */
export function isCalendarDate(value: unknown): boolean {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export const IsCalendarDate = () => satisfies('isCalendarDate', 'must be a date written YYYY-MM-DD', isCalendarDate);

/** The message of a `null` sent for a field that cannot be null. */
export const NOT_NULL_MESSAGE = 'must not be null';

/**
 * An optional field. class-validator's IsOptional lets `null` through as if the field were absent,
 * which let `{"name": null}` reach a NOT NULL column; here only an absent field skips validation,
 * and `null` is refused ("must not be null") unless the field is `nullable`, where it is a value
 * (it clears the field) and skips the other rules.
 */
export const Optional = ({ nullable = false }: { nullable?: boolean } = {}) =>
  nullable
    ? ValidateIf((_: object, value: unknown) => value !== undefined && value !== null)
    : applyDecorators(
        ValidateIf((_: object, value: unknown) => value !== undefined),
        satisfies('notNull', NOT_NULL_MESSAGE, (value) => value !== null),
      );

/**
 * limit (1 to 100, default 20) and offset (from 0) of every list endpoint. The offset stops at the
 * largest integer a number holds exactly (PostgreSQL's bigint refused 1e20 with a 500).
 */
export class PageQuery {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 100, default: 20 })
  @Optional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER, default: 0 })
  @Optional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(Number.MAX_SAFE_INTEGER)
  offset?: number;
}

/*
 * Composite decorators for the stacks our DTOs repeat. Each takes the property's OpenAPI options
 * and applies the same class-validator decorators in the same order as the stack it replaces, so
 * every validation message stays as it was; the document also states the rules a schema can
 * (lengths, non-blank text as a pattern, the e-mail format, integer bounds), so that a value valid
 * by the document passes them. (In a stack the bottom decorator runs first; `stack` lists them top
 * to bottom and applies them bottom up.)
 */
const stack = (...decorators: PropertyDecorator[]) => applyDecorators(...[...decorators].reverse());

const NOT_BLANK = /\S/;
const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

interface TextRules {
  max: number;
  /** With `min`, the length is checked by Length(min, max) rather than MaxLength(max). */
  min?: number;
  /** Surrounding white space is removed before validation. */
  trim?: boolean;
}

const lengthOf = ({ min, max }: TextRules) => (min === undefined ? MaxLength(max) : Length(min, max));

/** What the document says of text rules: lengths, and non-blank (or trimmed non-empty) text as a pattern. */
const textDoc = ({
  min,
  max,
  trim,
  notBlank,
}: TextRules & { notBlank?: boolean }): { maxLength: number; minLength?: number; pattern?: string } => ({
  maxLength: max,
  ...(min !== undefined ? { minLength: min } : {}),
  ...(notBlank || (trim && (min ?? 0) > 0) ? { pattern: NOT_BLANK.source } : {}),
});

/** The document's word for "not blank": at least one character that is not white space. */
export const NOT_BLANK_PATTERN = NOT_BLANK.source;

/** The document's format for an IANA time zone (Europe/Prague), which no JSON Schema format names. */
export const TIME_ZONE_FORMAT = 'iana-time-zone';

/** An optional string (null too with `nullable`); `null` is kept as a value that clears the field. */
export const OptionalText = (doc: ApiPropertyOptions, rules: TextRules & { nullable?: boolean }) =>
  stack(
    ApiPropertyOptional({ type: String, ...textDoc(rules), ...doc }),
    Optional({ nullable: rules.nullable }),
    ...(rules.trim ? [Transform(trimmed)] : []),
    IsString(),
    lengthOf(rules),
  );

/** A required string; `notBlank` refuses white space alone ("must not be blank"). */
export const RequiredText = (doc: ApiPropertyOptions, rules: TextRules & { notBlank?: boolean }) =>
  stack(
    ApiProperty({ type: String, ...textDoc(rules), ...doc }),
    ...(rules.trim ? [Transform(trimmed)] : []),
    IsString(),
    ...(rules.notBlank ? [Matches(NOT_BLANK, { message: 'must not be blank' })] : []),
    lengthOf(rules),
  );

/**
 * No white space or control character anywhere: IsEmail accepts a quoted local part such as
 * `"a\r\nBcc: x@evil.example"@b.example`, and an address is written into To, Reply-To and the
 * SMTP envelope (the mail adapter neutralises line breaks too; this keeps them out of storage).
 */
const PLAIN_ADDRESS = /^[^\s\p{Cc}]+$/u;

/** A required e-mail address of at most 254 characters. */
export const EmailAddress = (doc: ApiPropertyOptions) =>
  stack(
    ApiProperty({ type: String, format: 'email', maxLength: 254, ...doc }),
    IsEmail(),
    Matches(PLAIN_ADDRESS, { message: 'must not contain white space or control characters' }),
    MaxLength(254),
  );

/** An optional boolean. */
export const OptionalBoolean = (doc: ApiPropertyOptions = {}) =>
  stack(ApiPropertyOptional(doc), Optional(), IsBoolean());

/** An optional boolean where `null` is a value too (it clears the setting). */
export const OptionalNullableBoolean = (doc: ApiPropertyOptions = {}) =>
  stack(ApiPropertyOptional({ type: Boolean, nullable: true, ...doc }), Optional({ nullable: true }), IsBoolean());

/**
 * An optional boolean query parameter: `true` or `1`, `false` or `0`; anything else is 422 (a
 * query string has no booleans, and `Boolean('false')` is true).
 */
export const QueryFlag = (doc: ApiPropertyOptions = {}) =>
  stack(
    ApiPropertyOptional({ type: Boolean, default: false, ...doc }),
    Transform(({ value }: { value: unknown }) =>
      value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value,
    ),
    Optional(),
    IsBoolean(),
  );

/** An optional value among `values`. */
export const OptionalOneOf = (values: readonly unknown[], doc: ApiPropertyOptions) =>
  stack(ApiPropertyOptional(doc), Optional(), IsIn([...values]));

/** An optional whole number within [min, max]. */
export const OptionalInt = (doc: ApiPropertyOptions, { min, max }: { min: number; max: number }) =>
  stack(
    ApiPropertyOptional({ type: 'integer', minimum: min, maximum: max, ...doc }),
    Optional(),
    IsInt(),
    Min(min),
    Max(max),
  );

/** An optional nested object validated as `type`. */
export const OptionalNested = (type: () => new () => object, doc: ApiPropertyOptions) =>
  stack(ApiPropertyOptional(doc), Optional(), IsObject(), ValidateNested(), Type(type));
