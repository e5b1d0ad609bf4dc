import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min, registerDecorator } from 'class-validator';
import { isIanaTimeZone } from '@intake/domain-accounts';

/** A class-validator decorator from a predicate and its message. */
export function satisfies(name: string, message: string, validate: (value: unknown) => boolean) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name,
      target: target.constructor,
      propertyName,
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

/** limit (1 to 100, default 20) and offset (from 0) of every list endpoint. */
export class PageQuery {
  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 20 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;

  @ApiPropertyOptional({ minimum: 0, default: 0 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(0)
  offset?: number;
}
