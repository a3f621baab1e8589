import { FAILURES_PAGE, type NotificationFailureDto } from '@hallway/shared';
import { Badge, Button, Group, Pagination, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconChecks, IconRefresh } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCatalogues } from '../../i18n/catalogues';
import { formatDayTime } from '../../i18n/dates';
import { EmptyState, QueryState } from '../../ui/States';
import { showSuccess } from '../../ui/toast';
import { messengerMutations, messengerQueries } from './messengers';
import { useNotificationsTexts } from './texts';

const CHANNEL_COLOR: Record<NotificationFailureDto['channel'], string> = {
  telegram: 'blue',
  teams: 'violet',
  slack: 'grape',
};

/** Admin panel "Failed deliveries": messenger deliveries that used up their retries, with the reason and a retry. */
export function FailedDeliveriesTab() {
  const { t, lang } = useNotificationsTexts();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const query = useQuery(messengerQueries.failures(page - 1));
  const retry = useMutation(messengerMutations.retry(queryClient));
  const when = (iso: string) => formatDayTime(iso, lang);
  // Codes no module names any more show as they are.
  const { notificationLabel: codeName, withCatalogues } = useCatalogues();
  const total = query.data?.total ?? 0;

  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        {t('failures.intro')}
      </Text>
      <QueryState
        query={withCatalogues(query)}
        isEmpty={(data) => data.total === 0}
        empty={
          <EmptyState
            icon={<IconChecks size={28} stroke={1.5} />}
            title={t('failures.empty')}
            description={t('failures.emptyText')}
          />
        }
      >
        {(data) => (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="xs" striped aria-label={t('failures.tab')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('failures.columns.time')}</Table.Th>
                  <Table.Th>{t('failures.columns.channel')}</Table.Th>
                  <Table.Th>{t('failures.columns.person')}</Table.Th>
                  <Table.Th>{t('failures.columns.notification')}</Table.Th>
                  <Table.Th>{t('failures.columns.reason')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('failures.retry')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.result.map((failure) => {
                  const channel = t(`settings.channels.${failure.channel}`);
                  return (
                    <Table.Tr key={failure._id}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(failure.failed_at)}</Table.Td>
                      <Table.Td>
                        <Badge color={CHANNEL_COLOR[failure.channel]} variant="light">
                          {channel}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{failure.user.name}</Table.Td>
                      <Table.Td>{codeName(failure.notification.code)}</Table.Td>
                      <Table.Td>
                        <Text size="sm" c="red" style={{ wordBreak: 'break-word' }}>
                          {failure.error}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {t('failures.attempts', { count: failure.attempts })}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Button
                          size="xs"
                          variant="light"
                          leftSection={<IconRefresh size={14} />}
                          aria-label={t('failures.retryFor', { channel, person: failure.user.name })}
                          loading={retry.isPending && retry.variables === failure._id}
                          onClick={() =>
                            retry.mutate(failure._id, { onSuccess: () => showSuccess(t('failures.retried')) })
                          }
                        >
                          {t('failures.retry')}
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </QueryState>
      {total > FAILURES_PAGE && (
        <Group justify="center">
          <Pagination
            aria-label={t('failures.pages')}
            total={Math.ceil(total / FAILURES_PAGE)}
            value={page}
            onChange={setPage}
            getControlProps={(control) =>
              control === 'previous'
                ? { 'aria-label': t('failures.previous') }
                : control === 'next'
                  ? { 'aria-label': t('failures.next') }
                  : {}
            }
            getItemProps={(n) => ({ 'aria-label': t('failures.page', { page: n }) })}
          />
        </Group>
      )}
    </Stack>
  );
}
