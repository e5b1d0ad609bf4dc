import { isCatalogued } from '@intake/errors';
import { type DocumentedError, isDocumentedError, type ObservedError } from '@intake/http';

interface DocumentLike {
  paths: Record<string, Record<string, { 'x-errors'?: DocumentedError[] } | undefined>>;
}

/** `/v1/intakes/:id` (Fastify) → `/v1/intakes/{id}` (OpenAPI). */
const openApiPath = (route: string) => route.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/**
 * Every error response an app under test sent, checked when the test file ends: its code and
 * reason must be in the error catalogue, and, for an operation of the OpenAPI document, among the
 * errors the document lists for it. So a test that provokes an undocumented error fails, and the
 * document stays truthful as routes grow.
 */
export class ErrorLedger {
  private readonly observed: ObservedError[] = [];

  readonly record = (observed: ObservedError): void => {
    this.observed.push(observed);
  };

  /** The problems found, one line each; empty when every error was catalogued and documented. */
  problems(document: DocumentLike | undefined): string[] {
    const problems = new Set<string>();
    for (const { method, route, status, error, reason } of this.observed) {
      const what = `${method} ${route ?? '(no route)'} answered ${status} ${error ?? '(no code)'}${reason ? `/${reason}` : ''}`;
      if (error === undefined) {
        // HTML pages (the portal page) answer errors in HTML; everything else must be the envelope.
        if (route && document?.paths[openApiPath(route)]) problems.add(`${what}: not the error envelope`);
        continue;
      }
      if (!isCatalogued(error, reason)) {
        problems.add(`${what}: not in the error catalogue`);
        continue;
      }
      const operation = route && document ? document.paths[openApiPath(route)]?.[method.toLowerCase()] : undefined;
      if (operation && !isDocumentedError(operation['x-errors'] ?? [], error, reason)) {
        problems.add(`${what}: not among the operation's documented errors (x-errors)`);
      }
    }
    return [...problems];
  }
}
