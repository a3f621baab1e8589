import { isUuid } from '@hallway/shared';
import { DESK_PAGE_SIZE } from '@hallway/shared/tasks';
import { Badge, Button, Card, Group, Pagination, Paper, SimpleGrid, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { IconLayoutKanban, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Avatar } from '../../ui/Avatar';
import { PageHeader } from '../../ui/PageHeader';
import { EmptyState, QueryState } from '../../ui/States';
import type { DeskItem } from './api';
import { DeskForm } from './DeskForm';
import { backgroundStyle, TYPE_COLORS } from './format';
import { ProjectSelect } from './ProjectSelect';
import { taskQueries } from './queries';
import { useTasksTexts } from './texts';
import './tasks.css';

const LISTS = ['mine', 'shared', 'project'] as const;
type Tab = (typeof LISTS)[number];
const EMPTY = {
  mine: ['list.emptyMineTitle', 'list.emptyMineText'],
  shared: ['list.emptySharedTitle', 'list.emptySharedText'],
  project: ['list.emptyProjectTitle', 'list.emptyProjectText'],
} as const;

/** The tab, project and page as the address keeps them (`?list=project&project=<id>&page=2`). */
function useListPlace() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('list');
  const list: Tab = LISTS.find((value) => value === raw) ?? 'mine';
  const rawProject = params.get('project')?.toLowerCase() ?? '';
  const project = list === 'project' && isUuid(rawProject) ? rawProject : null;
  const page = Math.max(0, Number(params.get('page')) - 1 || 0);
  const go = (next: { list?: Tab; page?: number; project?: string | null }) => {
    const entries: [string, string][] = [];
    const nextList = next.list ?? list;
    const nextProject = next.project === undefined ? project : next.project;
    const nextPage = next.list || next.project !== undefined ? 0 : (next.page ?? page);
    if (nextList !== 'mine') entries.push(['list', nextList]);
    if (nextList === 'project' && nextProject) entries.push(['project', nextProject]);
    if (nextPage > 0) entries.push(['page', String(nextPage + 1)]);
    setParams(entries, { replace: true });
  };
  return { list, project, page, go };
}

/** A desk's type, and "finished" once it is. */
export function DeskBadges({ desk }: { desk: Pick<DeskItem, 'status' | 'type'> }) {
  const { t } = useTasksTexts();
  return (
    <Group gap={4} wrap="nowrap">
      {desk.status === 'finished' && (
        <Badge color="gray" variant="outline" size="sm">
          {t('list.finished')}
        </Badge>
      )}
      <Badge color={TYPE_COLORS[desk.type]} variant="light" size="sm">
        {t(`types.${desk.type}`)}
      </Badge>
    </Group>
  );
}

/** One desk: its background on top, name, type, owner and how many of its cards are open. */
export function DeskCard({ desk }: { desk: DeskItem }) {
  const { t } = useTasksTexts();
  return (
    <Card withBorder radius="lg" padding={0} component={Link} to={`/desk/${desk._id}`} className="tasks-desk-card">
      <div className="tasks-desk-cover" style={backgroundStyle(desk.background)} />
      <Stack gap={6} p="md">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={600} lineClamp={1}>
            {desk.name}
          </Text>
          <DeskBadges desk={desk} />
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Avatar person={desk.owner} size={24} link={false} decorative />
          <Text size="sm" c="dimmed" lineClamp={1}>
            {t('list.owner', { name: desk.owner.name })}
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          {t('list.counts', { open: desk.tasks.open, total: desk.tasks.total })}
        </Text>
      </Stack>
    </Card>
  );
}

function DeskCardsSkeleton({ label }: { label: string }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} aria-busy aria-label={label}>
      {[0, 1, 2].map((key) => (
        <Skeleton key={key} height={170} radius="lg" />
      ))}
    </SimpleGrid>
  );
}

/** /task-tracker/ (portal §2): the person's desks and those shared with them, newest changed first, 50 a page. */
export default function DesksPage() {
  const { t } = useTasksTexts();
  const navigate = useNavigate();
  const { list, project, page, go } = useListPlace();
  const choosing = list === 'project' && !project;
  const query = useQuery({
    ...taskQueries.desks(list, page * DESK_PAGE_SIZE, project ?? undefined),
    enabled: !choosing,
  });
  const [creating, setCreating] = useState(false);
  const pages = Math.ceil((query.data?.total ?? 0) / DESK_PAGE_SIZE);
  const [emptyTitle, emptyText] = EMPTY[list];
  const create = query.data?.can.create && (
    <Button leftSection={<IconPlus size={16} />} radius="xl" onClick={() => setCreating(true)}>
      {t('list.create')}
    </Button>
  );

  return (
    <Stack gap="md" maw={1200} mx="auto" w="100%">
      <PageHeader title={t('list.title')} description={t('list.description')} actions={create} />
      <Tabs value={list} onChange={(next) => next && go({ list: next as Tab })} keepMounted={false}>
        <Tabs.List aria-label={t('list.tabs')}>
          {LISTS.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {t(`list.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {LISTS.map((value) => (
          <Tabs.Panel key={value} value={value} pt="md">
            {value === 'project' && (
              <ProjectSelect
                label={t('list.projectPick')}
                value={project}
                onChange={(next) => go({ project: next })}
                maw={420}
                mb="md"
              />
            )}
            {value === list && choosing && (
              <Paper withBorder radius="lg" p="lg">
                <EmptyState
                  icon={<IconLayoutKanban size={28} stroke={1.5} />}
                  title={t('list.chooseProjectTitle')}
                  description={t('list.chooseProjectText')}
                />
              </Paper>
            )}
            {value === list && !choosing && (
              <QueryState
                query={query}
                loading={<DeskCardsSkeleton label={t('list.loading')} />}
                isEmpty={(data) => data.result.length === 0}
                empty={
                  <Paper withBorder radius="lg" p="lg">
                    <EmptyState
                      icon={<IconLayoutKanban size={28} stroke={1.5} />}
                      title={t(emptyTitle)}
                      description={t(emptyText)}
                      action={create || undefined}
                    />
                  </Paper>
                }
              >
                {(data) => (
                  <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} aria-busy={query.isPlaceholderData}>
                    {data.result.map((desk) => (
                      <DeskCard key={desk._id} desk={desk} />
                    ))}
                  </SimpleGrid>
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
      {creating && (
        <DeskForm
          opened
          project={project ?? undefined}
          onClose={() => setCreating(false)}
          onCreated={(desk) => navigate(`/desk/${desk._id}`)}
        />
      )}
    </Stack>
  );
}
