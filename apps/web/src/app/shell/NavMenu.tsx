import { NavLink, Stack } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../i18n';
import { useVisibleMenu } from './useVisibleMenu';

const underPath = (pathname: string, href: string) => {
  const base = href.replace(/\/$/, '');
  return pathname === base || pathname.startsWith(`${base}/`);
};

/** Whether a menu entry is the current section: its own page, below it, or one of its `activeOn` pages. */
export const isActiveEntry = (pathname: string, entry: { href: string; activeOn?: string[] }) =>
  [entry.href, ...(entry.activeOn ?? [])].some((href) => underPath(pathname, href));

/** The navbar's entries; also the content of the mobile menu. */
export function NavMenu({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const entries = useVisibleMenu();
  return (
    <nav aria-label={t('shell.navigation')}>
      <Stack gap={2}>
        {entries.map((entry) => (
          <NavLink
            key={entry.code}
            component={Link}
            to={entry.href}
            label={entry.customName ?? t(`menu.${entry.code}`)}
            leftSection={<entry.icon size={20} stroke={1.6} />}
            active={isActiveEntry(pathname, entry)}
            onClick={onNavigate}
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          />
        ))}
      </Stack>
    </nav>
  );
}
