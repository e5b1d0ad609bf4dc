import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, getSchemaPath } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsObject, registerDecorator, ValidateNested } from 'class-validator';
import {
  accentColorProblem,
  BRANDING_LIMITS,
  type Branding,
  displayNameProblem,
  logoUrlProblem,
} from '@intake/domain-accounts';
import { Optional } from '../validation';

/*
 * The branding's request and response bodies, shared by PATCH /v1/account (the account's default)
 * and the intake routes (an intake's own). The rules are the domain's (@intake/domain-accounts),
 * checked here field by field so that one 422 lists every problem of the body.
 */

/** A class-validator rule whose message is the domain's own reason. */
function meets(name: string, problem: (value: unknown) => string | undefined): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name,
      target: target.constructor,
      propertyName: String(propertyName),
      validator: {
        validate: (value: unknown) => problem(value) === undefined,
        defaultMessage: (args) => problem(args?.value) ?? 'is invalid',
      },
    });
}

const stack = (...decorators: PropertyDecorator[]) => applyDecorators(...[...decorators].reverse());

const DISPLAY_NAME_DOC =
  'the name the client sees on the portal page and heading the e-mails (one line, no control characters); null: none';
const ACCENT_COLOR_DOC =
  'buttons, links and the heading band: #RRGGBB (stored in lower case) with a contrast of at least 4.5:1 against white, as WCAG AA asks for normal text (white text sits on it, and it is text on white); null: ours';
const LOGO_URL_DOC =
  'an absolute https URL (no user name or password, a domain name or IPv4 host, at most 2048 characters) the client’s browser and mail program load the logo from; the portal page’s Content-Security-Policy allows images from its origin; null: none';

export class BrandingRequest {
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: BRANDING_LIMITS.displayNameMaxChars,
    pattern: '\\S',
    example: 'Studio Nováková',
    description: DISPLAY_NAME_DOC,
  })
  @Optional({ nullable: true })
  @meets('brandingDisplayName', displayNameProblem)
  display_name?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    pattern: '^#[0-9A-Fa-f]{6}$',
    example: '#1d4ed8',
    description: ACCENT_COLOR_DOC,
  })
  @Optional({ nullable: true })
  @meets('brandingAccentColor', accentColorProblem)
  accent_color?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    format: 'uri',
    pattern: '^https://',
    maxLength: BRANDING_LIMITS.logoUrlMaxChars,
    example: 'https://cdn.studio.example/logo.png',
    description: LOGO_URL_DOC,
  })
  @Optional({ nullable: true })
  @meets('brandingLogoUrl', logoUrlProblem)
  logo_url?: string | null;
}

export class BrandingView implements Branding {
  @ApiProperty({ type: String, nullable: true, example: 'Studio Nováková', description: DISPLAY_NAME_DOC })
  display_name!: string | null;
  @ApiProperty({ type: String, nullable: true, example: '#1d4ed8', description: ACCENT_COLOR_DOC })
  accent_color!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'https://cdn.studio.example/logo.png',
    description: LOGO_URL_DOC,
  })
  logo_url!: string | null;
}

/**
 * An optional branding body field; `null` is a value (`description` says what it means). Every field
 * of the object is optional, and one left out is null. Documented as a reference or null (the
 * document's `nullable` idiom would make it an object of no properties); the class carrying it
 * names the model with `@ApiExtraModels(BrandingRequest)` (swagger reads extra models per class).
 */
export const OptionalBranding = ({ description }: { description: string }) =>
  stack(
    ApiPropertyOptional({ oneOf: [{ $ref: getSchemaPath(BrandingRequest) }, { type: 'null' }], description }),
    Optional({ nullable: true }),
    IsObject(),
    ValidateNested(),
    Type(() => BrandingRequest),
  );

/** A response's branding: the object, or null; the class carrying it names `@ApiExtraModels(BrandingView)`. */
export const BrandingProperty = ({ description }: { description: string }) =>
  stack(ApiProperty({ oneOf: [{ $ref: getSchemaPath(BrandingView) }, { type: 'null' }], description, example: null }));
