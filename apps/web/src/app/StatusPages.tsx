import { Button, Center, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCloudOff, IconMoodEmpty, IconRefresh } from '@tabler/icons-react';
import { Link, useRouteError } from 'react-router';
import { authStore } from '../api/storage';
import { useTranslation } from '../i18n';
import { BootSkeleton } from './BootScreens';
import { isChunkLoadError, useReloadWhenOnline } from './lazy';

/** The whole screen while the start-up steps run: the shell's outline for a signed-in person, else a spinner. */
export function FullPageLoader() {
  const { t } = useTranslation();
  if (authStore.get().authorized) return <BootSkeleton />;
  return (
    <Center h="100dvh" role="status" aria-label={t('common.loading')}>
      <Loader />
    </Center>
  );
}

/** The only thing shown when GET /api/env gets no answer (spec portal §2 "Home shell"). */
export function NoConnection() {
  const { t } = useTranslation();
  return (
    <Center h="100dvh" p="md">
      <Stack align="center" gap="sm">
        <ThemeIcon size={64} radius="xl" variant="light" color="gray" aria-hidden>
          <IconCloudOff size={34} stroke={1.5} />
        </ThemeIcon>
        <Title order={1} size="h3" role="alert">
          {t('boot.noConnection')}
        </Title>
      </Stack>
    </Center>
  );
}

/** Unknown paths and /404, with the way back (spec portal §2). */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
          <IconMoodEmpty size={34} stroke={1.5} />
        </ThemeIcon>
        <Title order={1} size="h2">
          {t('boot.notFound')}
        </Title>
        <Text c="dimmed">{t('boot.notFoundHint')}</Text>
        <Button component={Link} to="/" mt="sm">
          {t('boot.toMain')}
        </Button>
      </Stack>
    </Center>
  );
}

/** A page's code failed to arrive (or the page crashed): say so and offer a retry. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  useReloadWhenOnline(chunk);
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" ta="center" role="alert">
        <Title order={1} size="h3">
          {chunk ? t('boot.loadFailed') : t('boot.crashed')}
        </Title>
        {chunk && <Text c="dimmed">{t('boot.loadFailedHint')}</Text>}
        <Button leftSection={<IconRefresh size={16} />} onClick={() => window.location.reload()}>
          {t('common.retry')}
        </Button>
      </Stack>
    </Center>
  );
}
