import { Anchor, Box, Center, Group, Image, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { brandingOf } from '../../app/branding';
import { useSession } from '../../app/session/context';
import { UI_LANGS, type UiLang, useTranslation } from '../../i18n';
import { showError } from '../../ui/toast';

export interface AuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  /** A workspace's own logo and name, when the page knows the workspace. */
  workspace?: { name: string; logo: string } | null;
  children: ReactNode;
  footer?: ReactNode;
}

/** The frame of the public pages: brand, language choice, a card with the form. */
export function AuthLayout({ title, subtitle, workspace, children, footer }: AuthLayoutProps) {
  const { t } = useTranslation();
  const { env, lang, setLanguage } = useSession();
  const brand = brandingOf(env?.vendor);
  return (
    <Box mih="100dvh" className="hw-auth-page">
      <Group component="header" justify="space-between" p="md">
        <Anchor component={Link} to="/login/" underline="never" c="inherit" aria-label={brand.title}>
          <Group gap={8}>
            <Image src={brand.logo} alt="" h={28} w={28} />
            <Text fw={700}>{brand.title}</Text>
          </Group>
        </Anchor>
        {/* The browser's own list: a custom dropdown would load its positioning code on every sign-in page. */}
        <NativeSelect
          aria-label={t('lang.label')}
          data={UI_LANGS.map((code) => ({ value: code, label: t(`lang.${code}`) }))}
          value={lang}
          onChange={(event) => setLanguage(event.currentTarget.value as UiLang).catch(showError)}
          w={150}
          size="xs"
        />
      </Group>
      <Center component="main" px="md" pb="xl" pt={{ base: 'md', sm: 48 }}>
        <Stack w="100%" maw={420} gap="lg">
          <Stack gap={6} align="center" ta="center">
            {workspace && (
              <Group gap="xs" justify="center">
                {workspace.logo && <Image src={workspace.logo} alt="" h={36} w={36} fit="contain" />}
                <Text fw={600} size="lg" data-testid="auth-workspace">
                  {workspace.name}
                </Text>
              </Group>
            )}
            <Title order={1} size="h2">
              {title}
            </Title>
            {subtitle && (
              <Text c="dimmed" size="sm">
                {subtitle}
              </Text>
            )}
          </Stack>
          <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
            {children}
          </Paper>
          {footer && (
            <Stack gap={6} align="center">
              {footer}
            </Stack>
          )}
        </Stack>
      </Center>
    </Box>
  );
}
