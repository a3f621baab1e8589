import { MantineProvider } from '@mantine/core';
import { useDeferredValue, useMemo } from 'react';
import { Outlet } from 'react-router';
import { brandingOf } from './branding';
import { LazyNotifications } from './LazyNotifications';
import { FullPageLoader, NoConnection } from './StatusPages';
import { SessionContext } from './session/context';
import { useSessionState } from './session/useSessionState';
import { buildTheme, cssVariablesResolver } from './theme';
import { usePageHeading } from './usePageHeading';

// The same element objects at every render: an update of the session alone (a query of the start-up settling, the
// socket) re-renders the root without rendering the shell and the page again; they re-render for what they read.
const PAGE = <Outlet />;
const TOASTS = <LazyNotifications />;
const LOADING = <FullPageLoader />;
const OFFLINE = <NoConnection />;

/** The root of every page: start-up, session, theme (workspace colours and font, the person's dark theme). */
export function AppRoot() {
  const session = useSessionState();
  const primary = session.client?.colors?.primary;
  const font = session.client?.font;
  usePageHeading(
    session.client?.name || brandingOf(session.env?.vendor).title,
    `${session.lang} ${session.env ? 'env' : ''} ${session.ready ? 'ready' : ''}`,
  );
  const theme = useMemo(() => buildTheme({ colors: { primary }, font: font ?? '' }), [primary, font]);

  // The first page after the boot screen renders in a background render React slices, whatever update ended the
  // boot (a query's answer renders at once otherwise: the whole shell and page as one long task).
  const booting = useDeferredValue(session.booting) || session.booting;
  let content = PAGE;
  if (session.offline && !booting) content = OFFLINE;
  else if (booting) content = LOADING;

  return (
    <MantineProvider
      theme={theme}
      forceColorScheme={session.colorScheme}
      cssVariablesResolver={cssVariablesResolver}
      deduplicateCssVariables={false}
    >
      {TOASTS}
      <SessionContext.Provider value={session}>{content}</SessionContext.Provider>
    </MantineProvider>
  );
}
