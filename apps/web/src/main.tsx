import './app/zodWithoutEval';
import './app/styles/base';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { queryDefaults } from './api/queryDefaults';
import { queryKeys } from './api/queryKeys';
import { fetchEnv, ownInfoQuery } from './api/session';
import { authStore } from './api/storage';
import { createAppRouter } from './app/router';
import { guessLanguage } from './app/session/useSessionState';
import { preloadUiLanguage } from './i18n';

const queryClient = new QueryClient({ defaultOptions: queryDefaults });

// The environment call and the likely language start at once, while the first route's code loads.
void queryClient.prefetchQuery({ queryKey: queryKeys.env, queryFn: ({ signal }) => fetchEnv(signal), retry: 1 });
void preloadUiLanguage(guessLanguage()).catch(() => undefined);
// A signed-in person's own info starts with them rather than after the environment's answer: the page's data waits
// for it (the workspace comes with it), so this is one round trip less before anything personal shows. A refused
// token is the session's to handle: its own-info query asks again and the 401 goes through the global handling.
const auth = authStore.get();
if (auth.authorized) void queryClient.prefetchQuery(ownInfoQuery(auth.uid));

const router = createAppRouter(queryClient);

// The first render is a transition: React renders it in slices and gives the main thread back between them, instead
// of one long task that blocks input while the whole page mounts (Lighthouse's total blocking time).
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  ),
);
