import { Public } from './public-route';
import { Controller, Get, INestApplication, Injectable } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags, DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { documentErrors } from './api-errors';
import { ApiError, ApiErrorDetail } from './error-body.dto';

export interface OpenApiInfo {
  title: string;
  version: string;
  description: string;
  serverUrl: string;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * @nestjs/swagger writes OpenAPI 3.0 idioms even when asked for 3.1. Rewrite them: `nullable`
 * becomes a `null` member of `type` (or an anyOf with `{type: 'null'}` around a $ref/allOf), and
 * boolean exclusiveMinimum/Maximum become numbers.
 */
export function toOpenApi31(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toOpenApi31);
  if (!isObject(node)) return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) out[key] = toOpenApi31(value);

  if (out['nullable'] === true) {
    delete out['nullable'];
    if (typeof out['type'] === 'string') {
      out['type'] = [out['type'], 'null'];
    } else if (Array.isArray(out['type'])) {
      if (!out['type'].includes('null')) out['type'] = [...out['type'], 'null'];
    } else {
      const { description, ...schema } = out;
      return {
        ...(description !== undefined ? { description } : {}),
        anyOf: [schema, { type: 'null' }],
      };
    }
    if (Array.isArray(out['enum']) && !out['enum'].includes(null)) out['enum'] = [...out['enum'], null];
  } else if (out['nullable'] === false) {
    delete out['nullable'];
  }
  for (const bound of ['exclusiveMinimum', 'exclusiveMaximum'] as const) {
    const limit = bound === 'exclusiveMinimum' ? 'minimum' : 'maximum';
    if (out[bound] === true && typeof out[limit] === 'number') {
      out[bound] = out[limit];
      delete out[limit];
    } else if (out[bound] === false) {
      delete out[bound];
    }
  }
  return out;
}

const ERROR_RESPONSE = {
  description: 'Error (the spec error envelope)',
  content: {
    'application/json': { schema: { $ref: '#/components/schemas/ApiError' } },
  },
};

/**
 * `<Tag>_<handler>` (Items_approve): named after the operation's first tag rather than its
 * controller class, so splitting or renaming a controller keeps client method names stable.
 */
function stableOperationId(generated: string, tags: string[] | undefined): string {
  const tag = tags?.[0];
  const handler = generated.slice(generated.indexOf('_') + 1);
  if (!tag || !handler) return generated;
  // PascalCase of the tag's words: `test clock` → TestClock (an operationId must be URL-safe).
  const name = tag
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`)
    .join('');
  return `${name}_${handler}`;
}

/** Builds the OpenAPI 3.1 document of an initialised app from its controllers and DTOs. */
export function buildOpenApiDocument(app: INestApplication, info: OpenApiInfo): OpenAPIObject {
  const config = new DocumentBuilder()
    .setOpenAPIVersion('3.1.0')
    .setTitle(info.title)
    .setDescription(info.description)
    .setVersion(info.version)
    .addServer(info.serverUrl)
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        description: 'API key: svc_live_… or svc_test_…',
      },
      'api_key',
    )
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        description: 'the mail provider’s shared secret, MAIL_EVENTS_SECRET (POST /v1/provider/mail-events only)',
      },
      'mail_events',
    )
    .addCookieAuth(
      'sid',
      {
        type: 'apiKey',
        in: 'cookie',
        name: 'sid',
        description: 'dashboard session cookie',
      },
      'session',
    )
    .addSecurityRequirements('api_key')
    .addSecurityRequirements('session')
    .build();
  const raw = SwaggerModule.createDocument(app, config, {
    extraModels: [ApiError, ApiErrorDetail],
    operationIdFactory: (controllerKey, methodKey) => `${controllerKey.replace(/Controller$/, '')}_${methodKey}`,
  });
  const document = toOpenApi31(raw) as OpenAPIObject;
  document.openapi = '3.1.0';
  const operationIds = new Set<string>();
  for (const pathItem of Object.values(document.paths)) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const) {
      const operation = pathItem[method];
      if (!operation) continue;
      if (!operation.responses['default']) operation.responses['default'] = ERROR_RESPONSE;
      documentErrors(method, operation as Parameters<typeof documentErrors>[1], ERROR_RESPONSE);
      operation.operationId = stableOperationId(operation.operationId ?? '', operation.tags);
      if (operationIds.has(operation.operationId)) {
        throw new Error(`OpenAPI: two operations are named ${operation.operationId}`);
      }
      operationIds.add(operation.operationId);
    }
  }
  return document;
}

/** Holds the document once the app has built it, for the controller that serves it. */
@Injectable()
export class OpenApiDocumentHolder {
  private document?: OpenAPIObject;
  set(document: OpenAPIObject): void {
    this.document = document;
  }
  get(): OpenAPIObject {
    if (!this.document) throw new Error('the OpenAPI document has not been built yet');
    return this.document;
  }
}

@ApiTags('meta')
@Public()
@Controller()
export class OpenApiController {
  constructor(private readonly holder: OpenApiDocumentHolder) {}

  @Get('v1/openapi.json')
  @ApiOperation({
    summary: 'This OpenAPI 3.1 description of the API.',
    description:
      'Every operation with a summary, a description, its parameters and bodies, its access rule (x-access, x-required-scope) and the errors it can answer (x-errors); the server URL is the service’s public address. Generate clients from it (the @intake/sdk package is). Public, not counted against any request limit.',
    security: [],
  })
  @ApiOkResponse({
    description: 'an OpenAPI 3.1 document',
    schema: { type: 'object', additionalProperties: true },
  })
  document(): OpenAPIObject {
    return this.holder.get();
  }
}
