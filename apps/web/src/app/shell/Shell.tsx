import { AppShell, Box } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useDeferredValue, useEffect } from 'react';
import { Outlet } from 'react-router';
import { useTranslation } from '../../i18n';
import { loadCatalogues } from '../../i18n/catalogues';
import '../styles/shell';
import '../../i18n/dates';
import { SharedTooltip } from '../../ui/SharedTooltip';
import { PageSkeleton } from '../../ui/Skeletons';
import { ErrorState } from '../../ui/States';
import { useSession } from '../session/context';
import { BREAKPOINTS } from '../theme';
import { Footer } from './Footer';
import { Header } from './Header';
import { MobileFooter } from './MobileFooter';
import { MobileMenu } from './MobileMenu';
import { NavMenu } from './NavMenu';
import { useActivityTracking, useModuleVisits } from './useActivityTracking';

/** Below the "mobile" breakpoint (769 px) the navbar gives way to a mobile footer and a drawer menu. */
export const MOBILE_QUERY = `(max-width: calc(${BREAKPOINTS.sm} - 0.02em))`;

/** The main shell (spec portal §2 "Home shell"): header, navbar, page content, footer; on phones the mobile parts. */
export default function Shell() {
  const { t } = useTranslation();
  const session = useSession();
  const isMobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  const [menuOpened, menu] = useDisclosure(false);
  // Own info's answer ends the skeleton; the page and the menu then render in slices (a background render), not in
  // the one long task a query's answer renders in. Losing readiness (another workspace loading) shows at once.
  const ready = useDeferredValue(session.ready) && session.ready;
  // Phones get the mobile footer and drawer instead of the navbar. While the session loads the navbar's place is
  // kept for a signed-in person, so the page does not jump sideways when the menu arrives.
  const withNavbar = !isMobile && (ready ? !!session.client && !!session.user : session.authorized);

  useActivityTracking(session.user?._id ?? null, session.client?._id ?? null);
  useModuleVisits(session.user?._id ?? null, session.client?._id ?? null);
  // The error texts, once the first page has shown: a check the browser makes itself (a file too big) names them.
  useEffect(() => {
    if (ready) loadCatalogues().catch(() => undefined);
  }, [ready]);

  let content = <Outlet />;
  if (!ready) {
    content = session.failed ? <ErrorState error={session.failed} onRetry={session.retry} /> : <PageSkeleton />;
  }

  return (
    <>
      <a href="#main" className="hw-skip-link">
        {t('shell.skipToContent')}
      </a>
      <AppShell
        header={{ height: 60 }}
        navbar={withNavbar ? { width: 250, breakpoint: 'sm' } : undefined}
        footer={isMobile ? { height: 64 } : undefined}
        padding="md"
      >
        <AppShell.Header>
          <Header onOpenMenu={menu.open} />
        </AppShell.Header>
        {withNavbar && (
          <AppShell.Navbar p="xs">
            <AppShell.Section grow>
              <NavMenu />
            </AppShell.Section>
          </AppShell.Navbar>
        )}
        <AppShell.Main id="main" tabIndex={-1} style={{ display: 'flex', flexDirection: 'column', outline: 'none' }}>
          {/* At least a screen tall, so the footer starts below the fold and does not jump as the page fills in. */}
          <Box style={{ flex: 1, minHeight: 'calc(100dvh - 60px)' }} maw={1200} w="100%" mx="auto">
            {content}
          </Box>
          {!isMobile && <Footer />}
        </AppShell.Main>
        {isMobile && (
          <AppShell.Footer>
            <MobileFooter onOpenMenu={menu.open} />
          </AppShell.Footer>
        )}
        <MobileMenu opened={menuOpened && !!isMobile} onClose={menu.close} />
      </AppShell>
      <SharedTooltip />
    </>
  );
}
