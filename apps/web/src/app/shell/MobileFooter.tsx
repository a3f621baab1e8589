import { Group, Text, UnstyledButton } from '@mantine/core';
import { IconMenu2 } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../i18n';
import { isActiveEntry } from './NavMenu';
import { useVisibleMenu } from './useVisibleMenu';

/** How many menu entries fit next to the menu button on a phone. */
const MAX_ITEMS = 4;

function FooterItem({ icon, label, active }: { icon: ReactNode; label: string; active?: boolean }) {
  return (
    <Group
      gap={2}
      style={{ flexDirection: 'column' }}
      // The anchor colour is the primary colour that reads on the page in either scheme.
      c={active ? 'var(--mantine-color-anchor)' : 'dimmed'}
      justify="center"
    >
      {icon}
      <Text size="xs" fw={active ? 600 : 400} c="inherit" lh={1.2} truncate="end" maw={80}>
        {label}
      </Text>
    </Group>
  );
}

/** Phones: the first entries of the menu and the button that opens the whole menu. */
export function MobileFooter({ onOpenMenu }: { onOpenMenu: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const entries = useVisibleMenu().slice(0, MAX_ITEMS);
  return (
    <Group component="nav" aria-label={t('shell.mobileMenu')} h="100%" justify="space-around" wrap="nowrap" px="xs">
      {entries.map((entry) => (
        <UnstyledButton
          key={entry.code}
          component={Link}
          to={entry.href}
          py={6}
          px={4}
          aria-current={isActiveEntry(pathname, entry) ? 'page' : undefined}
        >
          <FooterItem
            icon={<entry.icon size={22} stroke={1.6} />}
            label={entry.customName ?? t(`menu.${entry.code}`)}
            active={isActiveEntry(pathname, entry)}
          />
        </UnstyledButton>
      ))}
      <UnstyledButton onClick={onOpenMenu} py={6} px={4} aria-haspopup="dialog">
        <FooterItem icon={<IconMenu2 size={22} stroke={1.6} />} label={t('shell.mobileMenu')} />
      </UnstyledButton>
    </Group>
  );
}
