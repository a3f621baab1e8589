import { Burger, Group, Image, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { NotificationBell } from '../../features/notifications/NotificationBell';
import { useTranslation } from '../../i18n';
import { brandingOf } from '../branding';
import { registry } from '../modules';
import { useSession } from '../session/context';
import { useSlots } from '../slots';
import { UserMenu } from './UserMenu';
import { WorkspaceSwitcher } from './WorkspaceSwitcher';

/** Workspace logo and name, a superadmin’s workspace switcher, other modules’ buttons, the bell and the current person’s menu. */
export function Header({ onOpenMenu }: { onOpenMenu: () => void }) {
  const { t } = useTranslation();
  const { env, client, isSuperadmin } = useSession();
  const brand = brandingOf(env?.vendor);
  const name = client?.name || brand.title;
  // The workspace's header image (spec portal §9, 160 px high: the bar shows its middle band), darkened so the
  // white name and buttons stay readable; else its header colour. The value is always `/api/files/{id}` (server-checked).
  const image = client?.header;
  const colour = client?.colors?.header;
  const style = image
    ? {
        backgroundImage: `linear-gradient(rgba(0, 0, 0, 0.5), rgba(0, 0, 0, 0.5)), url("${image}")`,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
        color: 'var(--mantine-color-white)',
      }
    : colour
      ? { background: colour, color: 'var(--mantine-color-white)' }
      : undefined;
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm" style={style} data-testid="shell-header">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <Burger hiddenFrom="sm" size="sm" onClick={onOpenMenu} aria-label={t('shell.openMenu')} />
        <UnstyledButton
          component={Link}
          to="/"
          aria-label={name}
          style={{ display: 'flex', alignItems: 'center', gap: 10, minWidth: 0 }}
        >
          <Image src={client?.logo || brand.logo} alt="" h={32} w={32} fit="contain" radius="sm" />
          <Text fw={700} size="lg" truncate="end" data-testid="workspace-name">
            {name}
          </Text>
        </UnstyledButton>
        {isSuperadmin && (
          <Group visibleFrom="sm" ml="md">
            <WorkspaceSwitcher />
          </Group>
        )}
      </Group>
      <Group gap={4} wrap="nowrap" ml="auto">
        <HeaderItems />
        <NotificationBell />
      </Group>
      <UserMenu />
    </Group>
  );
}

/** The buttons other modules add before the bell (`headerItems`: the chat's unread messages). */
function HeaderItems() {
  const { slots } = useSlots('headerItems', registry.headerItems);
  return slots?.map(({ key, loaded: { default: Item } }) => <Item key={key} />);
}
