import { POLL_PAGE_SIZE } from '@hallway/shared/polls';
import { Button, Group, Pagination, Paper, Stack, Tabs } from '@mantine/core';
import { IconChecklist, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../app/session/context';
import { PageHeader } from '../../ui/PageHeader';
import { EmptyState, QueryState } from '../../ui/States';
import type { PollStatus } from './api';
import { PollCard, PollCardsSkeleton } from './PollCard';
import { pollQueries } from './queries';
import { usePollsTexts } from './texts';
import './polls.css';

const STATUSES: PollStatus[] = ['active', 'finished', 'all'];
const EMPTY = {
  active: ['list.emptyActiveTitle', 'list.emptyActiveText'],
  finished: ['list.emptyFinishedTitle', 'list.emptyFinishedText'],
  all: ['list.emptyAllTitle', 'list.emptyAllText'],
} as const;

/** The tab and page as the address keeps them (`?status=finished&page=2`), so a list can be shared and gone back to. */
function useListPlace() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status') as PollStatus | null;
  const status: PollStatus = raw && STATUSES.includes(raw) ? raw : 'active';
  const page = Math.max(0, Number(params.get('page')) - 1 || 0);
  const go = (next: { status?: PollStatus; page?: number }) => {
    const entries: [string, string][] = [];
    const nextStatus = next.status ?? status;
    const nextPage = next.status ? 0 : (next.page ?? page);
    if (nextStatus !== 'active') entries.push(['status', nextStatus]);
    if (nextPage > 0) entries.push(['page', String(nextPage + 1)]);
    setParams(entries, { replace: true });
  };
  return { status, page, go };
}

/** /polls (modules §2): the polls the person may read, active, finished or all, newest first, 50 a page. */
export default function PollsPage() {
  const { t } = usePollsTexts();
  const { client, user } = useSession();
  const clientId = client?._id ?? '';
  const userId = user?._id ?? '';
  const { status, page, go } = useListPlace();
  const query = useQuery(pollQueries.list(clientId, userId, status, page));
  const pages = Math.ceil((query.data?.total ?? 0) / POLL_PAGE_SIZE);
  const [emptyTitle, emptyText] = EMPTY[status];
  const create = query.data?.can.create && (
    <Button component={Link} to="/poll/new" leftSection={<IconPlus size={16} />} radius="xl">
      {t('list.create')}
    </Button>
  );

  return (
    <Stack gap="md" maw={960} mx="auto" w="100%">
      <PageHeader title={t('list.title')} description={t('list.description')} actions={create} />
      <Tabs value={status} onChange={(next) => next && go({ status: next as PollStatus })} keepMounted={false}>
        <Tabs.List aria-label={t('list.tabs')}>
          {STATUSES.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`list.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {STATUSES.map((value) => (
          <Tabs.Panel key={value} value={value} pt="md">
            {value === status && (
              <QueryState
                query={query}
                loading={<PollCardsSkeleton label={t('list.loading')} />}
                isEmpty={(data) => data.result.length === 0}
                empty={
                  <Paper withBorder radius="lg" p="lg">
                    <EmptyState
                      icon={<IconChecklist size={28} stroke={1.5} />}
                      title={t(emptyTitle)}
                      description={t(emptyText)}
                      action={create || undefined}
                    />
                  </Paper>
                }
              >
                {(data) => (
                  <Stack gap="sm" aria-busy={query.isPlaceholderData}>
                    {data.result.map((poll) => (
                      <PollCard key={poll._id} poll={poll} />
                    ))}
                  </Stack>
                )}
              </QueryState>
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
      {pages > 1 && (
        <Group justify="center" component="nav" aria-label={t('list.pages')}>
          <Pagination total={pages} value={page + 1} onChange={(next) => go({ page: next - 1 })} />
        </Group>
      )}
    </Stack>
  );
}
