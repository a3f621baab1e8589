import { isUuid } from '@hallway/shared';
import { POLL_TABLE_PAGE_SIZE, type PollResults } from '@hallway/shared/polls';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Pagination,
  Paper,
  RingProgress,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import {
  IconArrowLeft,
  IconBell,
  IconChartBar,
  IconFileSpreadsheet,
  IconFlagCheck,
  IconMask,
  IconTable,
  IconUserQuestion,
  IconUsers,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../api/client';
import { useSession } from '../../app/session/context';
import { formatDayTime } from '../../i18n/dates';
import { Avatar } from '../../ui/Avatar';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { PageSkeleton } from '../../ui/Skeletons';
import { EmptyState, QueryState, SkeletonRows } from '../../ui/States';
import { showError, showSuccess } from '../../ui/toast';
import { downloadExcel } from './api';
import { TypeBadge } from './format';
import { usePollDialogs } from './PollActions';
import { isGone, PollNotFound } from './PollPage';
import { pollMutations, pollQueries } from './queries';
import { usePollsTexts } from './texts';
import './polls.css';

// The charts (recharts) load with the general tab only.
const GeneralResults = lazy(() => import('./ResultsCharts').then((module) => ({ default: module.GeneralResults })));

type Tab = 'general' | 'table' | 'not_passed';

/** /poll/:_id/results (modules §2 "Poll results: tabs general, table, not passed"). */
export default function ResultsPage() {
  const { t } = usePollsTexts();
  const { _id: raw = '' } = useParams();
  const id = raw.toLowerCase();
  const valid = isUuid(id);
  const query = useQuery({ ...pollQueries.results(id), enabled: valid });
  const forbidden = isApiError(query.error) && query.error.status === 403;
  return (
    <Stack gap="md" maw={960} mx="auto" w="100%">
      <Button
        component={Link}
        to={valid ? `/poll/${id}` : '/polls'}
        variant="subtle"
        leftSection={<IconArrowLeft size={16} />}
        w="fit-content"
        px="xs"
      >
        {valid ? t('results.back') : t('poll.back')}
      </Button>
      {forbidden ? (
        <PollNotFound title={t('results.notAllowedTitle')} text={t('results.notAllowedText')} />
      ) : !valid || isGone(query.error) ? (
        <PollNotFound title={t('poll.notFoundTitle')} text={t('poll.notFoundText')} />
      ) : (
        <QueryState query={query} loading={<PageSkeleton rows={5} label={t('results.loading')} />}>
          {(results) => <Results results={results} />}
        </QueryState>
      )}
    </Stack>
  );
}

function Results({ results }: { results: PollResults }) {
  const { t } = usePollsTexts();
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const tabs: Tab[] = [
    'general',
    ...(results.can.table ? (['table'] as const) : []),
    ...(results.can.not_passed ? (['not_passed'] as const) : []),
  ];
  const wanted = params.get('tab') as Tab | null;
  const tab: Tab = wanted && tabs.includes(wanted) ? wanted : 'general';
  const [exporting, setExporting] = useState(false);
  const { ask, dialogs } = usePollDialogs({
    _id: results._id,
    name: results.name,
    can: results.can,
    finished: results.finished,
  });
  const percent = Math.round(results.rate * 100);

  const exportTable = async () => {
    setExporting(true);
    try {
      const name = await downloadExcel(results._id, user?._id ?? '');
      showSuccess(t('results.exported', { name }));
    } catch (error) {
      showError(error);
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="header">
        <Group justify="space-between" align="center" gap="md" wrap="wrap">
          <Group gap="md" wrap="nowrap" style={{ flex: '1 1 320px', minWidth: 0 }}>
            <RingProgress
              size={92}
              thickness={9}
              roundCaps
              sections={[{ value: percent, color: results.finished ? 'gray' : 'teal' }]}
              label={
                <Text ta="center" fw={700} size="lg">
                  {percent}%
                </Text>
              }
              aria-hidden
              style={{ flex: 'none' }}
            />
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
                {results.name}
              </Title>
              <Group gap="xs" wrap="wrap">
                <TypeBadge type={results.type} />
                <Badge
                  variant={results.finished ? 'outline' : 'light'}
                  color={results.finished ? 'gray' : 'teal'}
                  radius="sm"
                  size="sm"
                >
                  {results.finished ? t('results.finished') : t('results.running')}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed">
                {t('results.rate')}:{' '}
                {t('results.rateValue', { responses: results.responses, recipients: results.recipients })}
              </Text>
            </Stack>
          </Group>
          <Group gap="xs" wrap="wrap">
            {results.can.table && (
              <Button
                variant="default"
                leftSection={<IconFileSpreadsheet size={16} />}
                loading={exporting}
                onClick={exportTable}
              >
                {t('results.export')}
              </Button>
            )}
            {results.can.finish && (
              <Button
                variant="light"
                color="orange"
                leftSection={<IconFlagCheck size={16} />}
                onClick={() => ask('finish')}
              >
                {t('results.finish')}
              </Button>
            )}
          </Group>
        </Group>
      </Paper>
      {dialogs}
      {results.type === 'anonymous' && (
        <Alert variant="light" color="grape" icon={<IconMask size={18} />} py="xs">
          {t('results.anonymousTable')}
        </Alert>
      )}
      <Tabs
        value={tab}
        onChange={(next) => next && setParams(next === 'general' ? [] : [['tab', next]], { replace: true })}
        keepMounted={false}
      >
        <Tabs.List aria-label={t('results.tabs')}>
          <Tabs.Tab value="general" leftSection={<IconChartBar size={16} />}>
            {t('results.general')}
          </Tabs.Tab>
          {results.can.table && (
            <Tabs.Tab value="table" leftSection={<IconTable size={16} />}>
              {t('results.table')}
            </Tabs.Tab>
          )}
          {results.can.not_passed && (
            <Tabs.Tab value="not_passed" leftSection={<IconUserQuestion size={16} />}>
              {t('results.notPassed')}
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Tabs.Panel value="general" pt="md">
          {results.responses === 0 ? (
            <Paper withBorder radius="lg" p="lg">
              <EmptyState
                icon={<IconUsers size={28} stroke={1.5} />}
                title={t('results.noResponses')}
                description={t('results.noResponsesText')}
              />
            </Paper>
          ) : (
            <Suspense fallback={<SkeletonRows rows={3} height={180} label={t('results.loading')} />}>
              <GeneralResults results={results} />
            </Suspense>
          )}
        </Tabs.Panel>
        {results.can.table && (
          <Tabs.Panel value="table" pt="md">
            <ResponsesTable pollId={results._id} />
          </Tabs.Panel>
        )}
        {results.can.not_passed && (
          <Tabs.Panel value="not_passed" pt="md">
            <NotPassed results={results} />
          </Tabs.Panel>
        )}
      </Tabs>
    </>
  );
}

/** The "table" tab: every response, a column per question (Name and Answered where the poll names people), 100 a page. */
function ResponsesTable({ pollId }: { pollId: string }) {
  const { t, lang } = usePollsTexts();
  const [page, setPage] = useState(0);
  const query = useQuery(pollQueries.table(pollId, page));
  const pages = Math.ceil((query.data?.total ?? 0) / POLL_TABLE_PAGE_SIZE);
  return (
    <Stack gap="sm">
      <QueryState
        query={query}
        loading={<SkeletonRows rows={4} height={36} label={t('results.loading')} />}
        isEmpty={(data) => data.result.length === 0}
        empty={
          <Paper withBorder radius="lg" p="lg">
            <EmptyState
              icon={<IconTable size={28} stroke={1.5} />}
              title={t('results.noResponses')}
              description={t('results.noResponsesText')}
            />
          </Paper>
        }
      >
        {(data) => (
          <Paper withBorder radius="lg" p={0} aria-busy={query.isPlaceholderData}>
            <Table.ScrollContainer minWidth={Math.max(480, data.columns.length * 200 + (data.names ? 360 : 0))}>
              <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing="md" stickyHeader>
                <Table.Thead>
                  <Table.Tr>
                    {data.names && <Table.Th>{t('results.name')}</Table.Th>}
                    {data.names && <Table.Th>{t('results.answered')}</Table.Th>}
                    {data.columns.map((column) => (
                      <Table.Th key={column.id} style={{ minWidth: 160 }}>
                        {column.text}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.result.map((row) => (
                    <Table.Tr key={row._id}>
                      {data.names && (
                        <Table.Td>
                          {row.person && (
                            <Group gap="xs" wrap="nowrap">
                              <Avatar person={row.person} size={28} link={false} decorative />
                              <Anchor component={Link} to={`/profile/${row.person._id}`} size="sm">
                                {row.person.name}
                              </Anchor>
                            </Group>
                          )}
                        </Table.Td>
                      )}
                      {data.names && (
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>
                          {row.answered ? formatDayTime(row.answered, lang) : ''}
                        </Table.Td>
                      )}
                      {data.columns.map((column) => (
                        <Table.Td key={column.id} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                          {row.answers[column.id] ?? ''}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        )}
      </QueryState>
      {pages > 1 && (
        <Group justify="center" component="nav" aria-label={t('results.tablePages')}>
          <Pagination total={pages} value={page + 1} onChange={(next) => setPage(next - 1)} />
        </Group>
      )}
    </Stack>
  );
}

/** The "not passed" tab: the recipients who have not answered, each a card leading to their profile; "remind". */
function NotPassed({ results }: { results: PollResults }) {
  const { t } = usePollsTexts();
  const client = useQueryClient();
  const [page, setPage] = useState(0);
  const [asking, setAsking] = useState(false);
  const query = useQuery(pollQueries.notPassed(results._id, page));
  const remind = useMutation(pollMutations.remind(client, results._id));
  const total = query.data?.total ?? 0;
  const pages = Math.ceil(total / POLL_TABLE_PAGE_SIZE);
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" c="dimmed">
          {query.data ? t('results.notPassedCount', { count: total }) : ''}
        </Text>
        {!results.finished && total > 0 && (
          <Button leftSection={<IconBell size={16} />} variant="light" onClick={() => setAsking(true)}>
            {t('results.remind')}
          </Button>
        )}
      </Group>
      <QueryState
        query={query}
        loading={<SkeletonRows rows={3} height={56} label={t('results.loading')} />}
        isEmpty={(data) => data.result.length === 0}
        empty={
          <Paper withBorder radius="lg" p="lg">
            <EmptyState
              icon={<IconUsers size={28} stroke={1.5} />}
              title={t('results.everyonePassed')}
              description={t('results.everyonePassedText')}
            />
          </Paper>
        }
      >
        {(data) => (
          <SimpleGrid
            cols={{ base: 1, xs: 2, md: 3 }}
            spacing="sm"
            component="ul"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
            aria-label={t('results.notPassed')}
            aria-busy={query.isPlaceholderData}
          >
            {data.result.map((person) => (
              <Paper key={person._id} component="li" withBorder radius="md" p="sm">
                <Group gap="sm" wrap="nowrap">
                  <Avatar person={person} size={40} link={false} decorative />
                  <div style={{ minWidth: 0 }}>
                    <Anchor
                      component={Link}
                      to={`/profile/${person._id}`}
                      size="sm"
                      fw={500}
                      truncate="end"
                      display="block"
                    >
                      {person.name}
                    </Anchor>
                    {person.position && (
                      <Text size="xs" c="dimmed" truncate="end">
                        {person.position}
                      </Text>
                    )}
                  </div>
                </Group>
              </Paper>
            ))}
          </SimpleGrid>
        )}
      </QueryState>
      {pages > 1 && (
        <Center component="nav" aria-label={t('results.notPassedPages')}>
          <Pagination total={pages} value={page + 1} onChange={(next) => setPage(next - 1)} />
        </Center>
      )}
      <ConfirmDialog
        opened={asking}
        title={t('results.remindTitle')}
        message={t('results.remindText', { name: results.name })}
        confirmLabel={t('results.remind')}
        onConfirm={async () => {
          const { reminded } = await remind.mutateAsync();
          showSuccess(t('results.reminded', { count: reminded }));
        }}
        onClose={() => setAsking(false)}
      />
    </Stack>
  );
}
