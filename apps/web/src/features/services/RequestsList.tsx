import { SERVICE_TABLE_PAGE_SIZE } from '@hallway/shared/services';
import { Anchor, Group, Pagination, Paper, Stack, Table, Text } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../app/session/context';
import { formatDay } from '../../i18n/dates';
import { displayName } from '../../ui/Avatar';
import { EmptyState, QueryState, SkeletonRows } from '../../ui/States';
import type { RequestsPage } from './api';
import { DueDate, StatusBadge } from './format';
import { serviceQueries } from './queries';
import { useServicesTexts } from './texts';

/**
 * A list of requests: "my requests" (`as=requester`), those waiting for the person (`as=performer`), or the
 * person's own requests of one service (`bp`). Status, current step, due date (overdue in red), 50 a page.
 */
export function RequestsList({
  as,
  serviceId,
  onlyService,
}: {
  as: 'requester' | 'performer';
  serviceId?: string;
  /**
   * Keep the requests of this service only: for those who read its table, `bp` answers every request of it, so
   * their own ones are picked from their own list.
   */
  onlyService?: string;
}) {
  const { t, lang } = useServicesTexts();
  const { user } = useSession();
  const [page, setPage] = useState(0);
  const filters = { as, bp: serviceId, offset: page * SERVICE_TABLE_PAGE_SIZE, limit: SERVICE_TABLE_PAGE_SIZE };
  const query = useQuery(serviceQueries.requests(user?._id ?? '', filters));
  const pages = Math.ceil((query.data?.total ?? 0) / SERVICE_TABLE_PAGE_SIZE);
  const mine = as === 'requester';
  const rows = (data: { result: RequestsPage['result'] }) =>
    onlyService ? data.result.filter((request) => request.service?._id === onlyService) : data.result;
  return (
    <QueryState
      query={query}
      loading={<SkeletonRows rows={3} label={t('requests.loading')} />}
      isEmpty={(data) => rows(data).length === 0}
      empty={
        <Paper withBorder radius="lg" p="lg">
          <EmptyState
            icon={<IconInbox size={28} stroke={1.5} />}
            title={mine ? t('requests.emptyMyTitle') : t('requests.emptyQueueTitle')}
            description={mine ? t('requests.emptyMyText') : t('requests.emptyQueueText')}
          />
        </Paper>
      }
    >
      {(data) => (
        <Stack gap="sm">
          <Paper withBorder radius="lg" className="hw-services-scroll">
            <Table
              verticalSpacing="sm"
              highlightOnHover
              aria-label={t('requests.list')}
              aria-busy={query.isPlaceholderData}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('requests.service')}</Table.Th>
                  {!mine && <Table.Th>{t('requests.requester')}</Table.Th>}
                  <Table.Th>{t('requests.started')}</Table.Th>
                  <Table.Th>{t('requests.status')}</Table.Th>
                  <Table.Th>{t('requests.step')}</Table.Th>
                  <Table.Th>{t('requests.due')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows(data).map((request) => (
                  <Table.Tr key={request._id} data-overdue={request.overdue || undefined} data-testid="request-row">
                    <Table.Td>
                      <Anchor component={Link} to={`/service/${request._id}`} fw={600}>
                        {request.name}
                      </Anchor>
                    </Table.Td>
                    {!mine && <Table.Td>{displayName(request.requester)}</Table.Td>}
                    <Table.Td>{formatDay(request.created, lang)}</Table.Td>
                    <Table.Td>
                      <StatusBadge status={request.status} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{request.step?.name ?? '—'}</Text>
                    </Table.Td>
                    <Table.Td>
                      <DueDate request={request} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
          {pages > 1 && (
            <Group justify="center" component="nav" aria-label={t('requests.pages')}>
              <Pagination total={pages} value={page + 1} onChange={(next) => setPage(next - 1)} />
            </Group>
          )}
        </Stack>
      )}
    </QueryState>
  );
}
