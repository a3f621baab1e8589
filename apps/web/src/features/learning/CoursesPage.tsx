import { COURSE_SEARCH_MAX, COURSE_STATUSES, type CourseList, type CourseStatus } from '@hallway/shared/learning';
import { Button, Group, Paper, Select, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconChartDots, IconPlus, IconSchool, IconSearch, IconSettings } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadMore } from '../../ui/LoadMore';
import { PageHeader } from '../../ui/PageHeader';
import { EmptyState, QueryState } from '../../ui/States';
import { type CardMode, CourseCard, CourseCardsSkeleton } from './CourseCard';
import { learningQueries } from './queries';
import { useLearningTexts } from './texts';
import { useCoursesAbilities } from './useManager';
import './learning.css';

const TABS: CardMode[] = ['all', 'learning', 'manage'];

/** The tab as the address keeps it (`?tab=learning`), so a list can be shared and gone back to. */
function useTab(): [CardMode, (tab: CardMode) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab') as CardMode | null;
  const tab = raw && TABS.includes(raw) ? raw : 'all';
  return [tab, (next) => setParams(next === 'all' ? [] : [['tab', next]], { replace: true })];
}

/**
 * /courses (modules §2 "all courses, my courses, my learning"): the catalogue the person may read, their own learning
 * with progress, and the courses they manage. The header's links and the "Manage" tab follow what the server answers.
 */
export default function CoursesPage() {
  const { t } = useLearningTexts();
  const [tab, setTab] = useTab();
  const abilities = useCoursesAbilities();
  const shown = TABS.filter((name) => name !== 'manage' || abilities.manages);
  const current = shown.includes(tab) ? tab : 'all';

  const create = abilities.create && (
    <Button component={Link} to="/courses/new" leftSection={<IconPlus size={16} />} radius="xl">
      {t('courses.create')}
    </Button>
  );
  return (
    <Stack gap="md" maw={1200} mx="auto" w="100%">
      <PageHeader
        title={t('courses.title')}
        description={t('courses.description')}
        actions={
          (abilities.create || abilities.analytics || abilities.settings) && (
            <>
              {abilities.analytics && (
                <Button
                  component={Link}
                  to="/courses/analytics"
                  variant="default"
                  leftSection={<IconChartDots size={16} />}
                >
                  {t('courses.analytics')}
                </Button>
              )}
              {abilities.settings && (
                <Button
                  component={Link}
                  to="/courses/settings"
                  variant="default"
                  leftSection={<IconSettings size={16} />}
                >
                  {t('courses.settings')}
                </Button>
              )}
              {create}
            </>
          )
        }
      />
      <Tabs value={current} onChange={(next) => next && setTab(next as CardMode)} keepMounted={false}>
        <Tabs.List aria-label={t('courses.tabs.label')} className="hw-course-tabs">
          {shown.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {t(`courses.tabs.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {shown.map((name) => (
          <Tabs.Panel key={name} value={name} pt="md">
            {name === current && <CoursesOfList list={name} manages={abilities.manages} create={create || null} />}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

const EMPTY: Record<
  CourseList,
  ['allTitle' | 'learningTitle' | 'manageTitle', 'allText' | 'learningText' | 'manageText']
> = {
  all: ['allTitle', 'allText'],
  learning: ['learningTitle', 'learningText'],
  manage: ['manageTitle', 'manageText'],
};

/** One list with its search, the managers' status filter, the cards and "Show more". */
function CoursesOfList({ list, manages, create }: { list: CourseList; manages: boolean; create: ReactNode }) {
  const { t } = useLearningTexts();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [status, setStatus] = useState<CourseStatus | null>(null);
  const query = useInfiniteQuery(
    learningQueries.courses({ list, search: debounced || undefined, status: status ?? undefined }),
  );
  const filtered = !!debounced || !!status;
  const [emptyTitle, emptyText] = EMPTY[list];
  const total = query.data?.pages[0]?.total ?? 0;

  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap" align="flex-end">
        <TextInput
          aria-label={t('courses.search')}
          placeholder={t('courses.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          maxLength={COURSE_SEARCH_MAX}
          onChange={(event) => setSearch(event.currentTarget.value)}
          style={{ flex: '1 1 220px' }}
          type="search"
        />
        {manages && list !== 'learning' && (
          <Select
            aria-label={t('courses.statusFilter')}
            placeholder={t('courses.anyStatus')}
            data={COURSE_STATUSES.map((value) => ({ value, label: t(`courses.status.${value}`) }))}
            value={status}
            onChange={(value) => setStatus(value as CourseStatus | null)}
            clearable
            w={{ base: '100%', xs: 200 }}
          />
        )}
      </Group>
      <QueryState
        query={query}
        loading={<CourseCardsSkeleton label={t('courses.loading')} />}
        isEmpty={(data) => data.pages[0]?.result.length === 0}
        empty={
          <Paper withBorder radius="lg" p="lg">
            {filtered ? (
              <EmptyState
                icon={<IconSearch size={28} stroke={1.5} />}
                title={t('courses.empty.searchTitle')}
                description={t('courses.empty.searchText')}
              />
            ) : (
              <EmptyState
                icon={<IconSchool size={28} stroke={1.5} />}
                title={t(`courses.empty.${emptyTitle}`)}
                description={t(`courses.empty.${emptyText}`)}
                action={list === 'manage' ? create : undefined}
              />
            )}
          </Paper>
        }
      >
        {(data) => (
          <Stack gap="md" aria-busy={query.isPlaceholderData}>
            {filtered && (
              <Text size="sm" c="dimmed" role="status">
                {t('courses.found', { count: total })}
              </Text>
            )}
            <div className="hw-course-grid">
              {data.pages.flatMap((page) =>
                page.result.map((course) => <CourseCard key={course._id} course={course} mode={list} />),
              )}
            </div>
            <LoadMore query={query} label={t('courses.more')} />
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
