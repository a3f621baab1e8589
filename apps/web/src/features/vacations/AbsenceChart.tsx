import type { PersonCard, VacationChart, VacationDto } from '@hallway/shared';
import {
  ActionIcon,
  Anchor,
  Box,
  Button,
  Group,
  Pagination,
  ScrollArea,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconFileSpreadsheet, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { type CSSProperties, memo, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../app/session/context';
import { Avatar } from '../../ui/Avatar';
import { EmptyState, QueryState, SkeletonRows } from '../../ui/States';
import { showError, showSuccess } from '../../ui/toast';
import { structureQueries } from '../structure';
import { downloadChart } from './api';
import { daysOf, ISO, isActive, isWeekend, monthRange, today } from './dates';
import { vacationQueries } from './queries';
import { useVacationsTexts } from './texts';

type ChartGroup = VacationChart['result'][number];

/** How many of a team are away each day of the range (requested and approved), for the team's header row. */
export function awayPerDay(people: ChartGroup['people'], days: string[]): number[] {
  return days.map(
    (day) =>
      people.filter(({ vacations }) => vacations.some((v) => isActive(v) && v.start <= day && day <= v.end)).length,
  );
}

/** The absence chart: a month's timeline, a row per person grouped by department, today and overlaps marked. */
export function AbsenceChart({ onOpen }: { onOpen: (vacation: VacationDto) => void }) {
  const { t } = useVacationsTexts();
  const session = useSession();
  const [month, setMonth] = useState(() => dayjs(today()).startOf('month').format(ISO));
  const [dept, setDept] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(0);
  const [exporting, setExporting] = useState<{ share: number | null } | null>(null);
  const range = monthRange(month);
  const query = { ...range, dept: dept ?? undefined, search: debounced || undefined };
  const chart = useQuery(vacationQueries.chart({ ...query, page }));
  const structureAllowed = session.hasFeature('structure') && session.can('structures');
  const trees = useQuery({ ...structureQueries.trees(session.client?._id ?? ''), enabled: structureAllowed });

  const departments = useMemo(() => {
    const root = trees.data?.result.find((tree) => tree.type === 'administrative')?.root;
    if (root) {
      const found: { value: string; label: string }[] = [];
      const walk = (node: typeof root, depth: number) => {
        if (depth > 0) found.push({ value: node._id, label: `${'· '.repeat(depth - 1)}${node.name}` });
        for (const child of node.children) walk(child, depth + 1);
      };
      walk(root, 0);
      return found;
    }
    const seen = new Map<string, string>();
    for (const group of chart.data?.result ?? []) if (group.dept?._id) seen.set(group.dept._id, group.dept.name);
    return [...seen].map(([value, label]) => ({ value, label }));
  }, [trees.data, chart.data]);

  const shiftMonth = (by: number) => {
    setMonth(dayjs(month).add(by, 'month').format(ISO));
    setPage(0);
  };

  const runExport = async () => {
    setExporting({ share: null });
    try {
      const name = await downloadChart(query, (share) => setExporting({ share }));
      showSuccess(t('chart.exported', { name }));
    } catch (error) {
      showError(error);
    } finally {
      setExporting(null);
    }
  };

  const monthLabel = dayjs(month).format('MMMM YYYY');

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="default" size="lg" onClick={() => shiftMonth(-1)} aria-label={t('chart.previous')}>
            <IconChevronLeft size={18} />
          </ActionIcon>
          <Title order={2} size="h4" tt="capitalize" miw={150} ta="center" aria-live="polite">
            {monthLabel}
          </Title>
          <ActionIcon variant="default" size="lg" onClick={() => shiftMonth(1)} aria-label={t('chart.next')}>
            <IconChevronRight size={18} />
          </ActionIcon>
          <Button
            variant="subtle"
            size="xs"
            onClick={() => {
              setMonth(dayjs(today()).startOf('month').format(ISO));
              setPage(0);
            }}
          >
            {t('chart.current')}
          </Button>
        </Group>
        <Button
          variant="default"
          leftSection={<IconFileSpreadsheet size={16} />}
          disabled={!!exporting}
          onClick={() => void runExport()}
          aria-busy={!!exporting}
        >
          {exporting
            ? exporting.share === null
              ? t('chart.exporting')
              : t('chart.exportingShare', { percent: Math.round(exporting.share * 100) })
            : t('chart.export')}
        </Button>
      </Group>
      <Group gap="sm" wrap="wrap" align="flex-end">
        <Select
          label={t('chart.department')}
          placeholder={t('chart.allDepartments')}
          data={departments}
          value={dept}
          onChange={(value) => {
            setDept(value);
            setPage(0);
          }}
          clearable
          searchable
          w={{ base: '100%', xs: 260 }}
        />
        <TextInput
          label={t('chart.search')}
          placeholder={t('chart.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(0);
          }}
          w={{ base: '100%', xs: 260 }}
        />
      </Group>
      <Legend />
      <QueryState
        query={chart}
        loading={<SkeletonRows rows={6} height={34} />}
        isEmpty={(data) => data.total === 0}
        empty={<EmptyState title={t('chart.empty')} description={t('chart.emptyText')} />}
      >
        {(data) => (
          <>
            <Timeline data={data} label={t('chart.label', { month: monthLabel })} onOpen={onOpen} />
            {data.pages > 1 && (
              <Group justify="space-between">
                <Text size="sm" c="dimmed">
                  {t('chart.people', { count: data.total })}
                </Text>
                <Pagination total={data.pages} value={page + 1} onChange={(value) => setPage(value - 1)} size="sm" />
              </Group>
            )}
          </>
        )}
      </QueryState>
    </Stack>
  );
}

function Legend() {
  const { t } = useVacationsTexts();
  const items = [
    { key: 'approved', label: t('chart.legendApproved'), style: { background: 'var(--mantine-color-teal-filled)' } },
    {
      key: 'requested',
      label: t('chart.legendRequested'),
      style: {
        background: 'var(--mantine-color-yellow-light)',
        border: '1px dashed var(--mantine-color-yellow-filled)',
      },
    },
    { key: 'overlap', label: t('chart.legendOverlap'), style: { background: 'var(--mantine-color-orange-light)' } },
  ];
  return (
    <Group gap="md">
      {items.map((item) => (
        <Group gap={6} key={item.key}>
          <span className="hw-legend-swatch" style={item.style} aria-hidden />
          <Text size="xs">{item.label}</Text>
        </Group>
      ))}
    </Group>
  );
}

function Timeline({
  data,
  label,
  onOpen,
}: {
  data: VacationChart;
  label: string;
  onOpen: (vacation: VacationDto) => void;
}) {
  const { t } = useVacationsTexts();
  const days = useMemo(() => daysOf(data.from, data.to), [data.from, data.to]);
  const now = today();
  const viewport = useRef<HTMLDivElement>(null);
  // On a narrow screen the month does not fit: today's column is brought into view, a few days before it showing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again when the days on screen change
  useEffect(() => {
    const box = viewport.current;
    const todayCell = box?.querySelector<HTMLElement>('.hw-chart-head [data-today]');
    const nameCell = box?.querySelector<HTMLElement>('.hw-chart-head .hw-chart-name');
    if (!box || !todayCell || !nameCell) return;
    box.scrollLeft = Math.max(0, todayCell.offsetLeft - nameCell.offsetWidth - 3 * todayCell.offsetWidth);
  }, [days]);
  return (
    <ScrollArea type="auto" offsetScrollbars scrollbarSize={8} viewportRef={viewport}>
      <Box
        className="hw-chart"
        role="region"
        aria-label={label}
        style={{ '--hw-days': days.length } as CSSProperties}
        data-testid="absence-chart"
      >
        <div className="hw-chart-row hw-chart-head">
          <div className="hw-chart-name">
            <Text size="xs" c="dimmed" fw={600}>
              {t('chart.person')}
            </Text>
          </div>
          {days.map((day, index) => (
            <div
              key={day}
              className="hw-chart-cell"
              style={{ gridColumn: index + 2 }}
              data-weekend={isWeekend(day) || undefined}
              data-today={day === now || undefined}
              title={day === now ? t('chart.today') : undefined}
            >
              <Text span size="xs" fw={day === now ? 700 : 500}>
                {dayjs(day).date()}
              </Text>
              <Text span fz={9} c="dimmed" tt="uppercase">
                {dayjs(day).format('dd')}
              </Text>
            </div>
          ))}
        </div>
        {data.result.map((group) => (
          <DepartmentRows
            key={`${group.dept?._id ?? ''}:${group.dept?.name ?? ''}`}
            group={group}
            days={days}
            now={now}
            onOpen={onOpen}
          />
        ))}
      </Box>
    </ScrollArea>
  );
}

const DepartmentRows = memo(function DepartmentRows({
  group,
  days,
  now,
  onOpen,
}: {
  group: ChartGroup;
  days: string[];
  now: string;
  onOpen: (vacation: VacationDto) => void;
}) {
  const { t } = useVacationsTexts();
  const away = useMemo(() => awayPerDay(group.people, days), [group.people, days]);
  const name = group.dept?.name ?? t('chart.noDepartment');
  return (
    <section aria-label={name}>
      <div className="hw-chart-row hw-chart-dept">
        <div className="hw-chart-name">
          <Text size="xs" fw={700} truncate title={name}>
            {name}
          </Text>
        </div>
        {days.map((day, index) => (
          <div
            key={day}
            className="hw-chart-cell hw-chart-away"
            style={{ gridColumn: index + 2 }}
            data-level={away[index] >= 2 ? 2 : away[index] === 1 ? 1 : undefined}
            data-today={day === now || undefined}
            title={away[index] ? t('chart.away', { count: away[index] }) : undefined}
          >
            {away[index] >= 2 ? away[index] : ''}
          </div>
        ))}
      </div>
      {group.people.map(({ user, vacations }) => (
        <PersonRow key={user._id} user={user} vacations={vacations} days={days} now={now} onOpen={onOpen} />
      ))}
    </section>
  );
});

const PersonRow = memo(function PersonRow({
  user,
  vacations,
  days,
  now,
  onOpen,
}: {
  user: PersonCard;
  vacations: VacationDto[];
  days: string[];
  now: string;
  onOpen: (vacation: VacationDto) => void;
}) {
  const { t } = useVacationsTexts();
  const first = days[0];
  const last = days[days.length - 1];
  return (
    <div className="hw-chart-row" data-testid="chart-person" data-user={user._id}>
      <div className="hw-chart-name">
        <Avatar person={{ _id: user._id, name: user.name, avatar: user.avatar }} size={22} link={false} />
        <Anchor component={Link} to={`/profile/${user._id}`} size="xs" fw={500} truncate title={user.name}>
          {user.name}
        </Anchor>
      </div>
      {days.map((day, index) => (
        <div
          key={day}
          className="hw-chart-cell"
          style={{ gridColumn: index + 2 }}
          data-weekend={isWeekend(day) || undefined}
          data-today={day === now || undefined}
        />
      ))}
      {vacations.filter(isActive).map((vacation) => {
        const from = vacation.start < first ? first : vacation.start;
        const to = vacation.end > last ? last : vacation.end;
        const startIndex = days.indexOf(from);
        const endIndex = days.indexOf(to);
        if (startIndex < 0 || endIndex < 0) return null;
        const text = t('chart.bar', {
          name: user.name,
          start: dayjs(vacation.start).format('D MMM'),
          end: dayjs(vacation.end).format('D MMM'),
          status: t(`status.${vacation.status}`),
        });
        return (
          <UnstyledButton
            key={vacation._id}
            className="hw-chart-bar"
            data-status={vacation.status}
            data-testid="chart-bar"
            style={{ gridColumn: `${startIndex + 2} / ${endIndex + 3}` }}
            onClick={() => onOpen(vacation)}
            aria-label={text}
            title={text}
          >
            {endIndex - startIndex >= 2 ? vacation.days : ''}
          </UnstyledButton>
        );
      })}
    </div>
  );
});
