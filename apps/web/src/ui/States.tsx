import { Alert, Button, Center, Loader, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n';
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

/** Grey bars in the shape of a list while it loads; announced like `LoadingState`. */
export function SkeletonRows({ rows = 3, height = 48, label }: { rows?: number; height?: number; label?: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" role="status" aria-live="polite" aria-label={label ?? t('common.loading')} aria-busy>
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing but their position
        <Skeleton key={index} height={height} radius="md" />
      ))}
    </Stack>
  );
}

/** The part of a TanStack query result `QueryState` reads (`useQuery` and `useInfiniteQuery` both fit). */
export interface QueryLike<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  refetch: () => Promise<unknown>;
}

export interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** The content once data is there. */
  children: (data: T) => ReactNode;
  /** While the first answer is on its way (also while the query waits to be enabled); default a spinner. */
  loading?: ReactNode;
  /** Data with nothing in it: `empty` is shown instead of the content. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  /** The error's heading; the retry button refetches. */
  errorTitle?: string;
  /** A small place (a widget, a popover): the error as one line of text with a retry link instead of a panel. */
  compactError?: boolean;
}

/**
 * One place for the states every loaded view has: loading, failed (with the reason and a retry), empty, and the
 * content. A failed refetch shows the error even when older data is at hand, as the hand-written versions did.
 */
export function QueryState<T>({
  query,
  children,
  loading,
  isEmpty,
  empty,
  errorTitle,
  compactError,
}: QueryStateProps<T>) {
  const retry = () => void query.refetch();
  if (query.isError) {
    return compactError ? (
      <CompactError error={query.error} onRetry={retry} />
    ) : (
      <ErrorState error={query.error} title={errorTitle} onRetry={retry} />
    );
  }
  if (query.isPending || query.data === undefined) return <>{loading ?? <LoadingState />}</>;
  if (isEmpty?.(query.data)) return <>{empty ?? <EmptyState />}</>;
  return <>{children(query.data)}</>;
}

/** A failure in a small place: the reason and a retry, one line. */
export function CompactError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" c="red" role="alert">
      {errorText(error)}
      {onRetry && (
        <>
          {' '}
          <Button variant="subtle" color="red" size="compact-xs" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        </>
      )}
    </Text>
  );
}
