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
  let content = <Outlet />;
  if (session.offline && !booting) content = <NoConnection />;
  else if (booting) content = <FullPageLoader />;

  return (
    <MantineProvider
      theme={theme}
      forceColorScheme={session.colorScheme}
      cssVariablesResolver={cssVariablesResolver}
      deduplicateCssVariables={false}
    >
      <LazyNotifications />
      <SessionContext.Provider value={session}>{content}</SessionContext.Provider>
    </MantineProvider>
  );
}
