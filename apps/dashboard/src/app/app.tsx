import { lazy, StrictMode, Suspense } from 'react';
import { MantineProvider } from '@mantine/core';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { isRetryable, isUnauthorized } from './api/failures';
import { RequireSession, SESSION_ENDED, SessionExpiry, sessionEvents } from './auth/session';
import { appBase, styleNonce } from './page-meta';
import { Shell } from './shell/shell';
import { PageLoader } from './ui/feedback';
import { HOME } from './auth/next';
import { theme } from './ui/theme';

// Each page is its own chunk, loaded when first opened (the first page's JavaScript stays small).
const SignInPage = lazy(() => import('./pages/sign-in'));
const SignUpPage = lazy(() => import('./pages/sign-up'));
const IntakesPage = lazy(() => import('./intakes/intakes-page'));
const IntakePage = lazy(() => import('./intakes/intake-page'));
const NewIntakePage = lazy(() => import('./intakes/new/new-intake-page'));
const ClientsPage = lazy(() => import('./clients/clients-page'));
const FoldersPage = lazy(() => import('./folders/folders-page'));
const TemplatesPage = lazy(() => import('./templates/templates-page'));
const AuditPage = lazy(() => import('./audit/audit-page'));
const BillingPage = lazy(() => import('./usage/billing-page'));
const SettingsPage = lazy(() => import('./settings/settings-page'));
const NotFoundPage = lazy(() => import('./pages/not-found'));
const KeysPage = lazy(() => import('./keys/keys-page'));
const WebhooksPage = lazy(() => import('./webhooks/webhooks-page'));
const TeamPage = lazy(() => import('./team/team-page'));
const AcceptInvitationPage = lazy(() => import('./team/accept-invitation-page'));

const sessionEnded = (error: unknown, meta: Record<string, unknown> | undefined) => {
  // A 401 while signing in or out means wrong credentials or a session already gone, not an expiry.
  if (isUnauthorized(error) && !meta?.['signingIn'] && !meta?.['signingOut'])
    sessionEvents.dispatchEvent(new Event(SESSION_ENDED));
};

/**
 * Server state: refetched when the window regains focus (the owner comes back to see what changed);
 * a failure is retried twice only when retrying can help (no answer, or 5xx). Every request counts
 * against the account's hourly request limit, so nothing polls in the background.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => sessionEnded(error, query.meta) }),
    mutationCache: new MutationCache({ onError: (error, _v, _c, mutation) => sessionEnded(error, mutation.meta) }),
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        refetchOnWindowFocus: true,
        retry: (failures, error) => failures < 2 && isRetryable(error),
      },
      mutations: { retry: false },
    },
  });
}

export function App({ queryClient }: { queryClient: QueryClient }) {
  const nonce = styleNonce();
  return (
    <StrictMode>
      <MantineProvider theme={theme} getStyleNonce={nonce ? () => nonce : undefined} defaultColorScheme="light">
        <QueryClientProvider client={queryClient}>
          <BrowserRouter basename={appBase() || '/'}>
            <SessionExpiry />
            <Suspense fallback={<PageLoader />}>
              <Routes>
                <Route path="/sign-in" element={<SignInPage />} />
                <Route path="/sign-up" element={<SignUpPage />} />
                <Route path="/accept-invitation" element={<AcceptInvitationPage />} />
                <Route
                  element={
                    <RequireSession>
                      <Shell />
                    </RequireSession>
                  }
                >
                  <Route index element={<Navigate replace to={HOME} />} />
                  <Route path="/intakes" element={<IntakesPage />} />
                  <Route path="/intakes/new" element={<NewIntakePage />} />
                  <Route path="/intakes/:id" element={<IntakePage />} />
                  <Route path="/keys" element={<KeysPage />} />
                  <Route path="/webhooks" element={<WebhooksPage />} />
                  <Route path="/team" element={<TeamPage />} />
                  <Route path="/clients" element={<ClientsPage />} />
                  <Route path="/folders" element={<FoldersPage />} />
                  <Route path="/templates" element={<TemplatesPage />} />
                  <Route path="/audit" element={<AuditPage />} />
                  {/* The payment provider's checkout and portal come back here (APP_URL/billing). */}
                  <Route path="/billing" element={<BillingPage />} />
                  <Route path="/settings" element={<SettingsPage />} />
                  <Route path="*" element={<NotFoundPage />} />
                </Route>
              </Routes>
            </Suspense>
          </BrowserRouter>
        </QueryClientProvider>
      </MantineProvider>
    </StrictMode>
  );
}
