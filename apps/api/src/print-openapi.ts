/**
 * Prints the api's OpenAPI document as JSON on stdout, for the environment given as JSON in
 * argv[2]. Nest's preview mode builds the module graph without instantiating a provider, so
 * nothing connects to Postgres or Redis: `access-matrix.document.ts` runs this synchronously while
 * Jest collects the access matrix's tests, which must exist before any hook can start the api, and
 * tools/sdk/generate.ts reads it to generate the SDK. Stdout carries the document alone: modules
 * that log while they are built (before `logger: false` applies) are silenced too.
 */
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';
import { loadConfig } from '@intake/config';
import { buildOpenApiDocument } from '@intake/http';
import { ApiModule } from './app/api.module';
import { openApiInfo } from './app/openapi-info';

async function main(): Promise<void> {
  Logger.overrideLogger(false);
  const config = loadConfig(JSON.parse(process.argv[2] ?? '{}'));
  const app = await NestFactory.create(ApiModule.forRoot(config) as never, new FastifyAdapter(), {
    preview: true,
    logger: false,
  });
  process.stdout.write(JSON.stringify(buildOpenApiDocument(app, openApiInfo(config))));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
