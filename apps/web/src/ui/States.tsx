import { Alert, Button, Center, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../i18n/errors';

export interface EmptyStateProps {
  title?: string;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
}

/** Nothing to show yet: a calm icon, a title, a hint and maybe the action that fills the place. */
export function EmptyState({ title, description, icon, action }: EmptyStateProps) {
  const { t } = useTranslation();
  return (
    <Center py="xl" px="md">
      <Stack align="center" gap="xs" maw={420} ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
          {icon ?? <IconInbox size={28} stroke={1.5} />}
        </ThemeIcon>
        <Title order={3} size="h4">
          {title ?? t('states.emptyTitle')}
        </Title>
        {description && (
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        )}
        {action}
      </Stack>
    </Center>
  );
}

/** Data on its way; announced to screen readers. */
export function LoadingState({ label, minHeight = 160 }: { label?: string; minHeight?: number | string }) {
  const { t } = useTranslation();
  const text = label ?? t('common.loading');
  return (
    <Center mih={minHeight} role="status" aria-live="polite" aria-label={text}>
      <Loader size="md" />
    </Center>
  );
}

/** A failed load with the reason and, when it makes sense, a retry. */
export function ErrorState({ error, title, onRetry }: { error: unknown; title?: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      role="alert"
      color="red"
      variant="light"
      title={title ?? t('states.errorTitle')}
      icon={<IconAlertTriangle size={20} />}
      my="md"
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{errorText(error)}</Text>
        {onRetry && (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
