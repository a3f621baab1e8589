import { Divider, Drawer, Stack } from '@mantine/core';
import { useTranslation } from '../../i18n';
import { brandingOf } from '../branding';
import { useSession } from '../session/context';
import { NavMenu } from './NavMenu';
import { WorkspaceSwitcher } from './WorkspaceSwitcher';

/** Phones: the whole menu in a drawer, with the superadmin's workspace switcher. */
export function MobileMenu({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { client, env, isSuperadmin } = useSession();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      size={300}
      title={client?.name || brandingOf(env?.vendor).title}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="sm">
        {isSuperadmin && (
          <>
            <WorkspaceSwitcher onSwitched={onClose} />
            <Divider />
          </>
        )}
        <NavMenu onNavigate={onClose} />
      </Stack>
    </Drawer>
  );
}
