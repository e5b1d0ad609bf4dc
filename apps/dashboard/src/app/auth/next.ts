/** Where the dashboard goes after signing in when nothing else was asked for. */
export const HOME = '/intakes';

/**
 * The page to return to after signing in, from the `next` parameter: a path of this dashboard
 * only (starting with one `/`), never another site (`//evil.example`, `https://…`, `/\evil`).
 */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return HOME;
  return next;
}

/** The sign-in page's address that comes back to `path` (path, query and hash of a page). */
export function signInPath(path: string, expired = false): string {
  const query = new URLSearchParams();
  if (path !== HOME && path !== '/') query.set('next', path);
  if (expired) query.set('expired', '1');
  const search = query.toString();
  return search ? `/sign-in?${search}` : '/sign-in';
}
