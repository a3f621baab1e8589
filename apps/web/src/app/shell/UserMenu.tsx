import { Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconChevronDown, IconLogout, IconMoon, IconSun, IconUser } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { UI_LANGS, type UiLang, useTranslation } from '../../i18n';
import { errorText } from '../../i18n/errors';
import { Avatar, displayName } from '../../ui/Avatar';
import { useSession } from '../session/context';

/** The signed-in person: profile, language (saved on the server), theme when allowed, logout. */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const { user, lang, colorScheme, isSuperadmin, client } = session;
  if (!user) return null;
  const name = displayName(user);
  const mayUseDark = isSuperadmin || user.rights.dark_theme;
  const hasProfile = !isSuperadmin || !!client;

  const failed = (error: unknown) => notifications.show({ color: 'red', message: errorText(error) });
  const chooseLanguage = (next: UiLang) => session.setLanguage(next).catch(failed);
  const toggleTheme = () => session.setColorScheme(colorScheme === 'dark' ? 'light' : 'dark').catch(failed);
  // Leave the shell first, so the auth guard does not remember this page for the next person signing in here.
  const logout = async () => {
    navigate('/login/', { replace: true });
    await session.signOut();
  };

  return (
    <Menu position="bottom-end" width={240} shadow="md">
      <Menu.Target>
        <UnstyledButton
          aria-label={t('shell.accountOf', { name })}
          style={{ borderRadius: 'var(--mantine-radius-xl)' }}
        >
          <Group gap={8} wrap="nowrap">
            <Avatar person={user} link={false} decorative />
            <Text size="sm" fw={500} visibleFrom="md" truncate="end" maw={180}>
              {name}
            </Text>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{isSuperadmin ? `${name} · ${t('shell.superadmin')}` : name}</Menu.Label>
        {hasProfile && (
          <Menu.Item component={Link} to={`/profile/${user._id}`} leftSection={<IconUser size={16} />}>
            {t('shell.myProfile')}
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Label>{t('lang.label')}</Menu.Label>
        {UI_LANGS.map((code) => (
          <Menu.Item
            key={code}
            lang={code}
            onClick={() => void chooseLanguage(code)}
            rightSection={code === lang ? <IconCheck size={16} aria-hidden /> : null}
            aria-current={code === lang ? 'true' : undefined}
          >
            {t(`lang.${code}`)}
          </Menu.Item>
        ))}
        {mayUseDark && (
          <>
            <Menu.Divider />
            <Menu.Item
              onClick={() => void toggleTheme()}
              leftSection={colorScheme === 'dark' ? <IconSun size={16} /> : <IconMoon size={16} />}
            >
              {colorScheme === 'dark' ? t('shell.lightTheme') : t('shell.darkTheme')}
            </Menu.Item>
          </>
        )}
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => void logout()}>
          {t('shell.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
