/**
 * What the api writes into index.html for each answer (apps/api/src/app/dashboard): the path the
 * dashboard is served under (APP_URL's path, '' at the root) and the nonce of this answer's
 * Content-Security-Policy, which the style elements Mantine injects must carry.
 */
function meta(name: string): string | undefined {
  const content = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;
  // A placeholder left as built (the dev server, a file opened directly): not a value.
  return content && !content.startsWith('__') ? content : undefined;
}

/** React Router's basename: APP_URL's path without its trailing slash. */
export const appBase = (): string => (meta('app-base') ?? '').replace(/\/+$/, '');

export const styleNonce = (): string | undefined => meta('csp-nonce');
