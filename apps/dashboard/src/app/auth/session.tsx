import { type ReactNode, useEffect } from 'react';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { api, unwrap } from '../api/client';
import { csrfToken } from '../api/csrf';
import { isUnauthorized } from '../api/failures';
import { ErrorPanel, PageLoader } from '../ui/feedback';
import { signInPath } from './next';

/** The signed-in user, their account and role; a 401 means there is no session. */
export const meQuery = queryOptions({
  queryKey: ['me'],
  queryFn: () => unwrap(api.GET('/v1/auth/me')),
  staleTime: 5 * 60_000,
  retry: false,
});

export const useMe = () => useQuery(meQuery);

/** Told when any request of the dashboard answers 401: the session has ended (expired, signed out elsewhere). */
export const sessionEvents = new EventTarget();
export const SESSION_ENDED = 'session-ended';

const here = (location: { pathname: string; search: string; hash: string }) =>
  `${location.pathname}${location.search}${location.hash}`;

/** The pages behind sign-in: without a session, the sign-in page, which comes back here afterwards. */
export function RequireSession({ children }: { children: ReactNode }) {
  // Sign-in sets the session cookie (HttpOnly) with the readable CSRF cookie, and sign-out clears
  // both: without the latter there is no session to ask about (and no 401 to log in the console).
  const signedIn = csrfToken(document.cookie) !== undefined;
  const me = useQuery({ ...meQuery, enabled: signedIn });
  const location = useLocation();
  if (!signedIn) return <Navigate replace to={signInPath(here(location))} />;
  if (me.isPending) return <PageLoader />;
  if (me.isError) {
    if (isUnauthorized(me.error)) return <Navigate replace to={signInPath(here(location))} />;
    return <ErrorPanel error={me.error} onRetry={() => void me.refetch()} />;
  }
  return children;
}

/**
 * When a request answers 401 while the user works, the session has ended: everything cached is
 * dropped and the sign-in page opens, saying so and coming back to this page afterwards.
 */
export function SessionExpiry() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const path = here(location);
  useEffect(() => {
    const ended = () => {
      if (location.pathname === '/sign-in' || location.pathname === '/sign-up') return;
      queryClient.clear();
      void navigate(signInPath(path, true), { replace: true });
    };
    sessionEvents.addEventListener(SESSION_ENDED, ended);
    return () => sessionEvents.removeEventListener(SESSION_ENDED, ended);
  }, [navigate, queryClient, path, location.pathname]);
  return null;
}
