import '@mantine/charts/styles.css';
import { isUuid } from '@hallway/shared';
import type { AnalyticsDto, CourseStatus, LearnerStatus } from '@hallway/shared/learning';
import { BarChart } from '@mantine/charts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Paper,
  Progress,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconBook,
  IconCircleCheck,
  IconClock,
  IconFileSpreadsheet,
  IconLock,
  IconTarget,
  IconUsers,
} from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../../api/client';
import { useSession } from '../../../app/session/context';
import type { UiLang } from '../../../i18n';
import { formatDay } from '../../../i18n/dates';
import { Avatar } from '../../../ui/Avatar';
import { PageHeader } from '../../../ui/PageHeader';
import { EmptyState, QueryState } from '../../../ui/States';
import { showError } from '../../../ui/toast';
import { useLearningTexts } from '../texts';
import { analyticsMutations, analyticsQueries } from './queries';

type Texts = ReturnType<typeof useLearningTexts>['t'];

/** Seconds as "2 h 5 min", "12 min", "< 1 min"; a dash without a figure. */
export function formatSeconds(seconds: number | null, t: Texts): string {
  // No time at all (nobody began) reads as nothing rather than as a short time.
  if (!seconds) return '—';
  const minutes = Math.round(seconds / 60);
  if (minutes < 1) return t('analytics.lessThanMinute');
  if (minutes < 60) return t('analytics.minutes', { m: minutes });
  return t('analytics.hoursMinutes', { h: Math.floor(minutes / 60), m: minutes % 60 });
}

const percent = (value: number | null) => (value === null ? '—' : `${value}%`);

/** `2026-05` as the month's short name in the person's language ("May 26"). */
function monthName(month: string, lang: UiLang): string {
  const date = new Date(`${month.slice(0, 7)}-01T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return month;
  return new Intl.DateTimeFormat(lang, { month: 'short', year: '2-digit', timeZone: 'UTC' }).format(date);
}

const COURSE_STATUS_COLOR: Record<CourseStatus, string> = {
  draft: 'gray',
  appointed: 'blue',
  published: 'teal',
  archived: 'orange',
};
const LEARNER_STATUS_COLOR: Record<LearnerStatus, string> = {
  not_started: 'gray',
  started: 'blue',
  learned: 'teal',
};

/**
 * /courses/analytics and /courses/analytics/:user_id (modules §2 "learning analytics", §7): the workspace's learning
 * in figures, charts and lists, filtered by a course; with a person, their courses too. For LMS administrators and
 * workspace administrators; anyone else reads why they cannot see it.
 */
export default function AnalyticsPage() {
  const { t } = useLearningTexts();
  const { client } = useSession();
  const clientId = client?._id ?? '';
  const { user_id: rawUser } = useParams();
  const userId = rawUser?.toLowerCase();
  const [search, setSearch] = useSearchParams();
  const rawCourse = search.get('course') ?? undefined;
  const courseId = rawCourse && isUuid(rawCourse) ? rawCourse : undefined;
  const badUser = userId !== undefined && !isUuid(userId);
  const all = useQuery({ ...analyticsQueries.one(clientId, { user_id: userId }), enabled: !!clientId && !badUser });
  const query = useQuery({
    ...analyticsQueries.one(clientId, { user_id: userId, course_id: courseId }),
    enabled: !!clientId && !badUser,
  });
  const excel = useMutation({ ...analyticsMutations.excel(clientId), onError: showError });
  const person = query.data?.person?.person;
  const forbidden = isApiError(query.error) && query.error.status === 403;
  const missing = badUser || (isApiError(query.error) && [400, 404].includes(query.error.status));

  const courseOptions = (all.data?.courses ?? []).map((course) => ({ value: course._id, label: course.title }));
  return (
    // A person's page is a page of its own, not the overview changed in place (keyed: its parts start afresh).
    <Stack key={userId ?? 'all'} gap="md" w="100%">
      {userId && (
        <Button
          component={Link}
          to="/courses/analytics"
          variant="subtle"
          leftSection={<IconArrowLeft size={16} />}
          w="fit-content"
          px="xs"
        >
          {t('analytics.backToAll')}
        </Button>
      )}
      <PageHeader
        title={userId ? (person?.name ?? t('analytics.personTitle')) : t('analytics.title')}
        description={userId ? person?.position || t('analytics.personDescription') : t('analytics.description')}
        actions={
          !forbidden &&
          !missing && (
            <>
              <Select
                aria-label={t('analytics.courseFilter')}
                placeholder={t('analytics.allCourses')}
                data={courseOptions}
                value={courseId ?? null}
                onChange={(value) => {
                  const next = new URLSearchParams(search);
                  if (value) next.set('course', value);
                  else next.delete('course');
                  setSearch(next, { replace: true });
                }}
                clearable
                searchable
                nothingFoundMessage={t('analytics.noCourseFound')}
                w={{ base: '100%', xs: 260 }}
                comboboxProps={{ withinPortal: true }}
              />
              <Button
                variant="default"
                leftSection={<IconFileSpreadsheet size={16} />}
                loading={excel.isPending}
                disabled={!query.data}
                onClick={() => excel.mutate({ user_id: userId, course_id: courseId })}
              >
                {t('analytics.excel')}
              </Button>
            </>
          )
        }
      />
      {forbidden ? (
        <Alert color="orange" variant="light" icon={<IconLock size={20} />} title={t('analytics.forbiddenTitle')}>
          {t('analytics.forbiddenText')}
        </Alert>
      ) : missing ? (
        <EmptyState title={t('analytics.personNotFound')} description={t('analytics.personNotFoundText')} />
      ) : (
        <QueryState query={query} loading={<AnalyticsSkeleton label={t('analytics.loading')} />}>
          {(data) => <Figures data={data} personal={!!userId} />}
        </QueryState>
      )}
    </Stack>
  );
}

function Figures({ data, personal }: { data: AnalyticsDto; personal: boolean }) {
  const { t } = useLearningTexts();
  // A person's page shows their own figures and courses; the workspace's charts and lists are the overview's.
  if (personal && data.person) return <PersonFigures courses={data.person.courses} />;
  const { totals } = data;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
        <Tile icon={<IconBook size={18} />} color="blue" label={t('analytics.courses')} value={totals.courses} />
        <Tile icon={<IconUsers size={18} />} color="grape" label={t('analytics.members')} value={totals.members} />
        <Tile icon={<IconCircleCheck size={18} />} color="teal" label={t('analytics.learned')} value={totals.learned} />
        <Tile
          icon={<IconAlertTriangle size={18} />}
          color="red"
          label={t('analytics.overdue')}
          value={totals.overdue}
        />
        <Tile
          icon={<IconTarget size={18} />}
          color="orange"
          label={t('analytics.avgScore')}
          value={percent(totals.avg_score)}
        />
        <Tile
          icon={<IconClock size={18} />}
          color="cyan"
          label={t('analytics.avgTime')}
          value={formatSeconds(totals.avg_seconds, t)}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <MonthsChart months={data.months} />
        <StatusChart courses={data.courses} />
      </SimpleGrid>
      <CourseTable courses={data.courses} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Hardest items={data.hardest} />
        <Overdue items={data.overdue} />
      </SimpleGrid>
    </Stack>
  );
}

type PersonCourse = NonNullable<AnalyticsDto['person']>['courses'][number];

/** One person's figures, counted from their courses: how many, learned, in progress, overdue, mean best score, time. */
function PersonFigures({ courses }: { courses: PersonCourse[] }) {
  const { t } = useLearningTexts();
  const scores = courses.map((c) => c.best_score).filter((score): score is number => score !== null);
  const count = (test: (c: PersonCourse) => boolean) => courses.filter(test).length;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
        <Tile icon={<IconBook size={18} />} color="blue" label={t('analytics.courses')} value={courses.length} />
        <Tile
          icon={<IconCircleCheck size={18} />}
          color="teal"
          label={t('analytics.learned')}
          value={count((c) => c.status === 'learned')}
        />
        <Tile
          icon={<IconUsers size={18} />}
          color="grape"
          label={t('analytics.inProgress')}
          value={count((c) => c.status === 'started')}
        />
        <Tile
          icon={<IconAlertTriangle size={18} />}
          color="red"
          label={t('analytics.overdue')}
          value={count((c) => c.overdue)}
        />
        <Tile
          icon={<IconTarget size={18} />}
          color="orange"
          label={t('analytics.avgScore')}
          value={percent(scores.length ? Math.round(scores.reduce((a, b) => a + b, 0) / scores.length) : null)}
        />
        <Tile
          icon={<IconClock size={18} />}
          color="cyan"
          label={t('analytics.totalTime')}
          value={formatSeconds(
            courses.reduce((total, c) => total + c.seconds, 0),
            t,
          )}
        />
      </SimpleGrid>
      <PersonCourses courses={courses} />
    </Stack>
  );
}

function Tile({ icon, color, label, value }: { icon: ReactNode; color: string; label: string; value: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" color={color} radius="md" size="lg" aria-hidden>
          {icon}
        </ThemeIcon>
        <Stack gap={0} miw={0}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase" style={{ overflowWrap: 'anywhere' }}>
            {label}
          </Text>
          <Text size="xl" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {value}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = `analytics-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Card withBorder radius="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" mb="sm" id={id}>
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** The legend lists the series in their own order (Recharts sorts it by name otherwise). */
const LEGEND_IN_ORDER = { itemSorter: null };

function MonthsChart({ months }: { months: AnalyticsDto['months'] }) {
  const { t, lang } = useLearningTexts();
  const empty = months.every((month) => month.learned === 0 && month.started === 0);
  const summary = months
    .map((m) =>
      t('analytics.monthSummary', { month: monthName(m.month, lang), started: m.started, learned: m.learned }),
    )
    .join('; ');
  return (
    <Section title={t('analytics.byMonth')}>
      {empty ? (
        <EmptyState title={t('analytics.noActivity')} />
      ) : (
        <figure style={{ margin: 0 }} aria-label={summary} role="img">
          <BarChart
            h={240}
            accessibilityLayer={false}
            data={months.map((m) => ({ ...m, month: monthName(m.month, lang) }))}
            dataKey="month"
            series={[
              { name: 'started', label: t('analytics.started'), color: 'blue.5' },
              { name: 'learned', label: t('analytics.learnedSeries'), color: 'teal.6' },
            ]}
            withLegend
            legendProps={LEGEND_IN_ORDER}
            tickLine="none"
            gridAxis="x"
            yAxisProps={{ allowDecimals: false }}
          />
        </figure>
      )}
    </Section>
  );
}

function StatusChart({ courses }: { courses: AnalyticsDto['courses'] }) {
  const { t } = useLearningTexts();
  const shown = courses.filter((course) => course.members > 0).slice(0, 10);
  const summary = shown
    .map((c) =>
      t('analytics.statusSummary', {
        course: c.title,
        notStarted: c.not_started,
        started: c.started,
        learned: c.learned,
      }),
    )
    .join('; ');
  return (
    <Section title={t('analytics.byStatus')}>
      {shown.length === 0 ? (
        <EmptyState title={t('analytics.noMembers')} />
      ) : (
        <figure style={{ margin: 0 }} aria-label={summary} role="img">
          <BarChart
            h={Math.max(160, shown.length * 40 + 60)}
            accessibilityLayer={false}
            data={shown.map((c) => ({
              title: c.title.length > 24 ? `${c.title.slice(0, 23)}…` : c.title,
              not_started: c.not_started,
              started: c.started,
              learned: c.learned,
            }))}
            dataKey="title"
            type="stacked"
            orientation="vertical"
            series={[
              { name: 'not_started', label: t('analytics.status.not_started'), color: 'gray.5' },
              { name: 'started', label: t('analytics.status.started'), color: 'blue.5' },
              { name: 'learned', label: t('analytics.status.learned'), color: 'teal.6' },
            ]}
            withLegend
            legendProps={LEGEND_IN_ORDER}
            tickLine="none"
            gridAxis="none"
            xAxisProps={{ allowDecimals: false }}
            yAxisProps={{ width: 120 }}
          />
        </figure>
      )}
    </Section>
  );
}

function CourseTable({ courses }: { courses: AnalyticsDto['courses'] }) {
  const { t } = useLearningTexts();
  return (
    <Section title={t('analytics.courseTable')}>
      {courses.length === 0 ? (
        <EmptyState title={t('analytics.noCourses')} />
      ) : (
        <Table.ScrollContainer minWidth={760}>
          {/* Not striped: the courses' links on a striped row fall under the contrast the pages keep. */}
          <Table highlightOnHover verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('analytics.course')}</Table.Th>
                <Table.Th ta="right">{t('analytics.members')}</Table.Th>
                <Table.Th ta="right">{t('analytics.status.not_started')}</Table.Th>
                <Table.Th ta="right">{t('analytics.status.started')}</Table.Th>
                <Table.Th ta="right">{t('analytics.status.learned')}</Table.Th>
                <Table.Th ta="right">{t('analytics.overdue')}</Table.Th>
                <Table.Th ta="right">{t('analytics.avgScore')}</Table.Th>
                <Table.Th ta="right">{t('analytics.avgTime')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {courses.map((course) => (
                <Table.Tr key={course._id}>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Anchor
                        component={Link}
                        to={`/courses/${course._id}`}
                        size="sm"
                        style={{ overflowWrap: 'anywhere' }}
                      >
                        {course.title}
                      </Anchor>
                      <Badge
                        size="xs"
                        variant="light"
                        color={COURSE_STATUS_COLOR[course.status]}
                        style={{ flex: 'none' }}
                      >
                        {t(`analytics.courseStatus.${course.status}`)}
                      </Badge>
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right">{course.members}</Table.Td>
                  <Table.Td ta="right">{course.not_started}</Table.Td>
                  <Table.Td ta="right">{course.started}</Table.Td>
                  <Table.Td ta="right">{course.learned}</Table.Td>
                  <Table.Td ta="right" c={course.overdue > 0 ? 'red' : undefined}>
                    {course.overdue}
                  </Table.Td>
                  <Table.Td ta="right">{percent(course.avg_score)}</Table.Td>
                  <Table.Td ta="right">{formatSeconds(course.avg_seconds, t)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}

function Hardest({ items: all }: { items: AnalyticsDto['hardest'] }) {
  const { t } = useLearningTexts();
  // A question nobody got wrong is not hard, however often it was answered.
  const items = all.filter((item) => item.wrong > 0);
  return (
    <Section title={t('analytics.hardest')}>
      {items.length === 0 ? (
        <EmptyState title={t('analytics.noHardest')} description={t('analytics.noHardestText')} />
      ) : (
        <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {items.map((item) => {
            const share = item.answered ? Math.round((item.wrong / item.answered) * 100) : 0;
            return (
              <Stack key={item.question_id} gap={4} component="li">
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {item.question}
                </Text>
                <Anchor component={Link} to={`/courses/${item.course_id}/tests/${item.test_id}`} size="xs" c="dimmed">
                  {item.test}
                </Anchor>
                <Group gap="xs" wrap="nowrap">
                  <Progress value={share} color="red" size="sm" style={{ flex: 1 }} aria-hidden />
                  <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
                    {t('analytics.wrongOf', { wrong: item.wrong, answered: item.answered, share })}
                  </Text>
                </Group>
              </Stack>
            );
          })}
        </Stack>
      )}
    </Section>
  );
}

function Overdue({ items }: { items: AnalyticsDto['overdue'] }) {
  const { t, lang } = useLearningTexts();
  return (
    <Section title={t('analytics.overdueList')}>
      {items.length === 0 ? (
        <EmptyState title={t('analytics.noOverdue')} />
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {items.map((item) => (
            <Group key={`${item.person._id}-${item.course_id}`} component="li" gap="sm" wrap="nowrap">
              <Avatar person={item.person} size={36} link={false} decorative />
              <Stack gap={0} miw={0} style={{ flex: 1 }}>
                <Anchor component={Link} to={`/courses/analytics/${item.person._id}`} size="sm" fw={600}>
                  {item.person.name}
                </Anchor>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {item.course}
                </Text>
              </Stack>
              <Badge color="red" variant="light" style={{ flex: 'none' }}>
                {t('analytics.dueOn', { date: formatDay(item.due, lang) })}
              </Badge>
            </Group>
          ))}
        </Stack>
      )}
    </Section>
  );
}

function PersonCourses({ courses }: { courses: PersonCourse[] }) {
  const { t, lang } = useLearningTexts();
  return (
    <Section title={t('analytics.personCourses')}>
      {courses.length === 0 ? (
        <EmptyState title={t('analytics.noPersonCourses')} />
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {courses.map((course) => (
            <Paper key={course._id} component="li" withBorder radius="md" p="sm" aria-label={course.title}>
              <Stack gap={6}>
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Anchor component={Link} to={`/courses/${course._id}`} fw={600} size="sm">
                    {course.title}
                  </Anchor>
                  <Group gap={6}>
                    <Badge variant="light" color={LEARNER_STATUS_COLOR[course.status]}>
                      {t(`analytics.status.${course.status}`)}
                    </Badge>
                    {course.overdue && (
                      <Badge variant="filled" color="red">
                        {t('analytics.overdueBadge')}
                      </Badge>
                    )}
                  </Group>
                </Group>
                <Group gap="xs" wrap="nowrap">
                  <Progress
                    value={course.percent}
                    color={LEARNER_STATUS_COLOR[course.status]}
                    style={{ flex: 1 }}
                    aria-label={t('analytics.progressOf', { course: course.title })}
                  />
                  <Text size="sm" fw={600} style={{ flex: 'none' }}>
                    {course.percent}%
                  </Text>
                </Group>
                <Text size="xs" c="dimmed">
                  {[
                    course.due ? t('analytics.due', { date: formatDay(course.due, lang) }) : null,
                    course.learned_at ? t('analytics.learnedOn', { date: formatDay(course.learned_at, lang) }) : null,
                    course.best_score !== null ? t('analytics.bestScore', { score: course.best_score }) : null,
                    t('analytics.timeSpent', { time: formatSeconds(course.seconds, t) }),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
    </Section>
  );
}

/** The page's shape while it loads: six tiles, two charts, the table. */
function AnalyticsSkeleton({ label }: { label: string }) {
  return (
    <Stack gap="md" role="status" aria-live="polite" aria-label={label} aria-busy>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
        {['a', 'b', 'c', 'd', 'e', 'f'].map((key) => (
          <Card key={key} withBorder radius="md" padding="md" h={74}>
            <Group gap="xs" wrap="nowrap">
              <Skeleton height={34} width={34} radius="md" />
              <Stack gap={6} style={{ flex: 1 }}>
                <Skeleton height={8} width="70%" radius="xl" />
                <Skeleton height={16} width="40%" radius="xl" />
              </Stack>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {['months', 'status'].map((key) => (
          <Card key={key} withBorder radius="md">
            <Skeleton height={14} width="40%" radius="xl" mb="md" />
            <Skeleton height={240} radius="md" />
          </Card>
        ))}
      </SimpleGrid>
      <Card withBorder radius="md">
        <Skeleton height={14} width="30%" radius="xl" mb="md" />
        <Stack gap="sm">
          {['r1', 'r2', 'r3', 'r4'].map((key) => (
            <Skeleton key={key} height={28} radius="sm" />
          ))}
        </Stack>
      </Card>
    </Stack>
  );
}
