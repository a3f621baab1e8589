import {
  type DeskDto,
  TASK_PRIORITIES,
  TASK_STATUSES,
  TASK_TABLE_PAGE_SIZE,
  TASK_TAG_MAX,
  type TaskPriority,
} from '@hallway/shared/tasks';
import {
  Badge,
  Button,
  Group,
  Pagination,
  Paper,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconFileSpreadsheet, IconSelector } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDay } from '../../i18n/dates';
import { DayInput as DayInputField } from '../../ui/DayInput';
import { TableSkeleton } from '../../ui/Skeletons';
import { EmptyState, QueryState } from '../../ui/States';
import { showError, showSuccess } from '../../ui/toast';
import { downloadExcel, type TableFilters } from './api';
import { isOverdue } from './board';
import { PRIORITY_COLORS } from './format';
import { taskQueries } from './queries';
import { useTasksTexts } from './texts';

type Sort = NonNullable<TableFilters['sort']>;
const COLUMNS: {
  key: string;
  label: `table.${'name' | 'lane' | 'status' | 'priority' | 'performer' | 'planDate' | 'tags' | 'updated'}`;
  sort?: Sort;
}[] = [
  { key: 'name', label: 'table.name', sort: 'name' },
  { key: 'lane', label: 'table.lane' },
  { key: 'status', label: 'table.status' },
  { key: 'priority', label: 'table.priority', sort: 'priority' },
  { key: 'performer', label: 'table.performer' },
  { key: 'plan_date', label: 'table.planDate', sort: 'plan_date' },
  { key: 'tags', label: 'table.tags' },
  { key: 'updated', label: 'table.updated', sort: 'updated' },
];

/**
 * The desk as a table (portal §2 "/desk/:_id", kanban or table): sortable columns, filters by performer, tag,
 * priority, status and due dates, 100 cards a page, and the same rows as an xlsx workbook.
 */
export function TaskTable({ desk, onOpen }: { desk: DeskDto; onOpen: (taskId: string) => void }) {
  const { t, lang } = useTasksTexts();
  const [filters, setFilters] = useState<TableFilters>({ sort: 'rank', order: 'asc' });
  const [tag, setTag] = useState('');
  const [debouncedTag] = useDebouncedValue(tag.trim(), 300);
  const [page, setPage] = useState(0);
  const [exporting, setExporting] = useState(false);
  const applied: TableFilters = { ...filters, tag: debouncedTag || undefined };
  const query = useQuery(taskQueries.table(desk._id, applied, page * TASK_TABLE_PAGE_SIZE));
  const pages = Math.ceil((query.data?.total ?? 0) / TASK_TABLE_PAGE_SIZE);
  const people = [...desk.people, desk.owner, ...desk.admins, ...desk.members].filter(
    (person, index, all) => all.findIndex((one) => one._id === person._id) === index,
  );
  const set = (next: TableFilters) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage(0);
  };
  const sortBy = (sort: Sort) =>
    set({ sort, order: filters.sort === sort && filters.order === 'asc' ? 'desc' : 'asc' });

  return (
    <Stack gap="sm">
      <Paper withBorder radius="lg" p="sm" component="section" aria-label={t('table.filters')}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 6 }} spacing="xs">
          <Select
            label={t('table.performer')}
            placeholder={t('table.anyPerformer')}
            data={people.map((person) => ({ value: person._id, label: person.name }))}
            value={filters.performer ?? null}
            onChange={(value) => set({ performer: value ?? undefined })}
            clearable
            searchable
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            label={t('table.tag')}
            value={tag}
            maxLength={TASK_TAG_MAX}
            onChange={(event) => {
              setTag(event.currentTarget.value);
              setPage(0);
            }}
          />
          <Select
            label={t('table.priority')}
            placeholder={t('table.anyPriority')}
            data={TASK_PRIORITIES.map((value) => ({ value, label: t(`priorities.${value}`) }))}
            value={filters.priority ?? null}
            onChange={(value) => set({ priority: (value as TaskPriority | null) ?? undefined })}
            clearable
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label={t('table.status')}
            placeholder={t('table.anyStatus')}
            data={TASK_STATUSES.map((value) => ({ value, label: t(`statuses.${value}`) }))}
            value={filters.status ?? null}
            onChange={(value) => set({ status: (value as 'open' | 'done' | null) ?? undefined })}
            clearable
            comboboxProps={{ withinPortal: true }}
          />
          <DueInput label={t('table.dueFrom')} value={filters.due_from} onChange={(due_from) => set({ due_from })} />
          <DueInput label={t('table.dueTo')} value={filters.due_to} onChange={(due_to) => set({ due_to })} />
        </SimpleGrid>
        <Group justify="space-between" mt="sm">
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => {
              setFilters({ sort: filters.sort, order: filters.order });
              setTag('');
              setPage(0);
            }}
          >
            {t('table.clear')}
          </Button>
          <Button
            variant="light"
            size="compact-sm"
            leftSection={<IconFileSpreadsheet size={16} />}
            loading={exporting}
            onClick={() => {
              setExporting(true);
              downloadExcel(desk._id, applied)
                .then((name) => showSuccess(t('table.exported', { name })))
                .catch(showError)
                .finally(() => setExporting(false));
            }}
          >
            {t('table.export')}
          </Button>
        </Group>
      </Paper>
      <QueryState
        query={query}
        loading={<TableSkeleton label={t('table.loading')} />}
        isEmpty={(data) => data.result.length === 0}
        empty={
          <Paper withBorder radius="lg" p="lg">
            <EmptyState title={t('table.empty')} />
          </Paper>
        }
      >
        {(data) => (
          <Paper withBorder radius="lg">
            <ScrollArea type="auto">
              <Table aria-busy={query.isPlaceholderData} aria-label={t('table.title')} miw={860}>
                <Table.Thead>
                  <Table.Tr>
                    {COLUMNS.map((column) => {
                      const sorted = column.sort && filters.sort === column.sort;
                      return (
                        <Table.Th
                          key={column.key}
                          aria-sort={sorted ? (filters.order === 'asc' ? 'ascending' : 'descending') : undefined}
                        >
                          {column.sort ? (
                            <UnstyledButton
                              onClick={() => sortBy(column.sort!)}
                              aria-label={t('table.sortBy', { column: t(column.label) })}
                              className="tasks-sort"
                            >
                              {t(column.label)}
                              {sorted ? (
                                filters.order === 'asc' ? (
                                  <IconArrowUp size={14} aria-hidden />
                                ) : (
                                  <IconArrowDown size={14} aria-hidden />
                                )
                              ) : (
                                <IconSelector size={14} aria-hidden />
                              )}
                            </UnstyledButton>
                          ) : (
                            t(column.label)
                          )}
                        </Table.Th>
                      );
                    })}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.result.map((row) => (
                    <Table.Tr key={row._id}>
                      <Table.Td>
                        <UnstyledButton onClick={() => onOpen(row._id)} className="tasks-row-name">
                          {row.name}
                        </UnstyledButton>
                      </Table.Td>
                      <Table.Td>{row.lane_name}</Table.Td>
                      <Table.Td>{t(`statuses.${row.status}`)}</Table.Td>
                      <Table.Td>
                        <Badge size="sm" variant="light" color={PRIORITY_COLORS[row.priority]}>
                          {t(`priorities.${row.priority}`)}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{row.performer_card?.name ?? '—'}</Table.Td>
                      <Table.Td>
                        {row.plan_date ? (
                          <Text
                            size="sm"
                            c={row.status === 'open' && isOverdue(row.plan_date) ? 'red' : undefined}
                            span
                          >
                            {formatDay(row.plan_date, lang)}
                          </Text>
                        ) : (
                          '—'
                        )}
                      </Table.Td>
                      <Table.Td>{row.tags.join(', ')}</Table.Td>
                      <Table.Td>{formatDay(row.updated, lang)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
          </Paper>
        )}
      </QueryState>
      {pages > 1 && (
        <Group justify="center" component="nav" aria-label={t('table.pages')}>
          <Pagination total={pages} value={page + 1} onChange={(next) => setPage(next - 1)} />
        </Group>
      )}
    </Stack>
  );
}

function DueInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  return <DayInputField label={label} value={value ?? null} onChange={(next) => onChange(next ?? undefined)} />;
}
