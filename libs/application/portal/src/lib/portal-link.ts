import { DomainError } from '@intake/errors';

/** One answer to every unknown, draft or deleted link, so a link's past existence never leaks. */
export const noSuchPortal = () => new DomainError('not_found', 'No such portal link.');

/** Whether `error` is that one 404 (what PortalGuessing counts). */
export function isNoSuchPortal(error: unknown): boolean {
  return (
    error instanceof DomainError &&
    error.code === 'not_found' &&
    !error.reason &&
    error.message === noSuchPortal().message
  );
}

const PORTAL_SLUG = /^[A-Za-z0-9_-]{22}$/;

/** A malformed slug is the same 404 as an unknown one, without a database round trip. */
export function assertPortalSlug(slug: string): void {
  if (!PORTAL_SLUG.test(slug)) throw noSuchPortal();
}

/** The intake lookup's plain "not found" becomes the portal's one 404; other errors pass. */
export function asPortalError(error: unknown): unknown {
  return error instanceof DomainError && error.code === 'not_found' && !error.reason ? noSuchPortal() : error;
}
