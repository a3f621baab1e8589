import { SERVICE_TABLE_PAGE_SIZE, type ServiceDto } from '@hallway/shared/services';
import { Anchor, Button, Group, Pagination, Paper, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../app/session/context';
import { formatDay } from '../../i18n/dates';
import { displayName } from '../../ui/Avatar';
import { DayInput } from '../../ui/DayInput';
import { PeoplePicker } from '../../ui/PeoplePicker';
import { QueryState, SkeletonRows } from '../../ui/States';
import { showError, showSuccess } from '../../ui/toast';
import { downloadExcel, type RequestFilters } from './api';
import { DueDate, StatusBadge } from './format';
import { serviceQueries } from './queries';
import { useServicesTexts } from './texts';

type Filters = Pick<RequestFilters, 'status' | 'finished' | 'step' | 'performer' | 'from' | 'to' | 'sort' | 'order'>;
const NONE: Filters = { sort: 'created', order: 'desc' };

/**
 * The table tab (modules §2): every request of the service with the form's fields as columns, filtered by status,
 * running or finished, current step, performer and days of the start, sorted, 50 a page, and exported to Excel with
 * the same filters.
 */
export function RequestsTable({ service }: { service: ServiceDto }) {
  const { t, lang } = useServicesTexts();
  const { user } = useSession();
  const [filters, setFilters] = useState<Filters>(NONE);
  const [page, setPage] = useState(0);
  const [exporting, setExporting] = useState(false);
  const request: RequestFilters = {
    ...filters,
    bp: service._id,
    offset: page * SERVICE_TABLE_PAGE_SIZE,
    limit: SERVICE_TABLE_PAGE_SIZE,
  };
  const query = useQuery(serviceQueries.requests(user?._id ?? '', request));
  const pages = Math.ceil((query.data?.total ?? 0) / SERVICE_TABLE_PAGE_SIZE);
  const set = (next: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage(0);
  };
  const any = { value: '', label: t('table.any') };
  const exportTable = async () => {
    setExporting(true);
    try {
      showSuccess(t('table.exported', { name: await downloadExcel(service._id, filters) }));
    } catch (err) {
      showError(err);
    } finally {
      setExporting(false);
    }
  };
  return (
    <Stack gap="md">
      <Paper withBorder radius="lg" p="md" component="section" aria-label={t('table.filters')}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <Select
            label={t('table.status')}
            data={[
              any,
              ...(['active', 'success', 'rejected'] as const).map((value) => ({ value, label: t(`status.${value}`) })),
            ]}
            value={filters.status ?? ''}
            onChange={(value) => set({ status: (value || undefined) as Filters['status'] })}
            allowDeselect={false}
          />
          <Select
            label={t('table.state')}
            data={[any, { value: '0', label: t('table.running') }, { value: '1', label: t('table.finishedOnly') }]}
            value={filters.finished ?? ''}
            onChange={(value) => set({ finished: (value || undefined) as Filters['finished'] })}
            allowDeselect={false}
          />
          <Select
            label={t('table.step')}
            data={[
              any,
              ...service.steps.map((step, index) => ({
                value: String(index + 1),
                label: `${index + 1}. ${step.name}`,
              })),
            ]}
            value={filters.step ? String(filters.step) : ''}
            onChange={(value) => set({ step: value ? Number(value) : undefined })}
            allowDeselect={false}
          />
          <PeoplePicker
            label={t('table.performer')}
            value={filters.performer ? [filters.performer] : []}
            maxValues={1}
            onChange={(ids) => set({ performer: ids.at(-1) })}
          />
          <DayInput
            label={t('table.from')}
            value={filters.from ?? null}
            maxDate={filters.to}
            onChange={(from) => set({ from: from ?? undefined })}
          />
          <DayInput
            label={t('table.to')}
            value={filters.to ?? null}
            minDate={filters.from}
            onChange={(to) => set({ to: to ?? undefined })}
          />
          <Select
            label={t('table.sort')}
            data={(['created', 'due', 'status', 'finished'] as const).map((value) => ({
              value,
              label: t(`table.sort${value[0].toUpperCase()}${value.slice(1)}` as 'table.sortCreated'),
            }))}
            value={filters.sort ?? 'created'}
            onChange={(value) => set({ sort: (value ?? 'created') as Filters['sort'] })}
            allowDeselect={false}
          />
          <Select
            label={t('table.order')}
            data={[
              { value: 'desc', label: t('table.desc') },
              { value: 'asc', label: t('table.asc') },
            ]}
            value={filters.order ?? 'desc'}
            onChange={(value) => set({ order: (value ?? 'desc') as Filters['order'] })}
            allowDeselect={false}
          />
        </SimpleGrid>
        <Group justify="space-between" mt="sm" wrap="wrap">
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('table.total', { count: query.data?.total ?? 0 })}
          </Text>
          <Group gap="xs">
            <Button
              variant="subtle"
              onClick={() => {
                setFilters(NONE);
                setPage(0);
              }}
            >
              {t('table.reset')}
            </Button>
            <Button
              variant="light"
              leftSection={<IconFileSpreadsheet size={16} />}
              loading={exporting}
              onClick={() => void exportTable()}
            >
              {t('table.export')}
            </Button>
          </Group>
        </Group>
      </Paper>
      <QueryState query={query} loading={<SkeletonRows rows={4} label={t('requests.loading')} />}>
        {(data) =>
          data.result.length === 0 ? (
            <Text c="dimmed" ta="center" py="lg">
              {t('table.empty')}
            </Text>
          ) : (
            <Paper withBorder radius="lg" className="hw-services-scroll">
              <Table
                verticalSpacing="xs"
                aria-label={t('table.title')}
                aria-busy={query.isPlaceholderData}
                data-testid="requests-table"
              >
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('requests.requester')}</Table.Th>
                    <Table.Th>{t('requests.started')}</Table.Th>
                    <Table.Th>{t('requests.status')}</Table.Th>
                    <Table.Th>{t('requests.step')}</Table.Th>
                    <Table.Th>{t('requests.performers')}</Table.Th>
                    <Table.Th>{t('requests.due')}</Table.Th>
                    <Table.Th>{t('requests.finished')}</Table.Th>
                    {data.columns.map((column) => (
                      <Table.Th key={column.key}>{column.name}</Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.result.map((row) => (
                    <Table.Tr key={row._id} data-overdue={row.overdue || undefined} data-testid="table-row">
                      <Table.Td>
                        <Anchor component={Link} to={`/service/${row._id}`} size="sm">
                          {displayName(row.requester)}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{formatDay(row.created, lang)}</Table.Td>
                      <Table.Td>
                        <StatusBadge status={row.status} />
                      </Table.Td>
                      <Table.Td>{row.step?.name ?? '—'}</Table.Td>
                      <Table.Td>{row.step?.performers.map(displayName).join(', ') ?? '—'}</Table.Td>
                      <Table.Td>
                        <DueDate request={row} />
                      </Table.Td>
                      <Table.Td>{row.finished_at ? formatDay(row.finished_at, lang) : '—'}</Table.Td>
                      {data.columns.map((column) => (
                        <Table.Td key={column.key}>{row.values?.[column.key] ?? ''}</Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Paper>
          )
        }
      </QueryState>
      {pages > 1 && (
        <Group justify="center" component="nav" aria-label={t('requests.pages')}>
          <Pagination total={pages} value={page + 1} onChange={(next) => setPage(next - 1)} />
        </Group>
      )}
    </Stack>
  );
}
