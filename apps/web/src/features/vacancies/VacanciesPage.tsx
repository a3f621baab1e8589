import { ARTICLE_PAGE_SIZE, SALARY_MAX } from '@hallway/shared/articles';
import { Button, Group, NumberInput, Pagination, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBriefcase, IconCash, IconPlus, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../app/session/context';
import { PageHeader } from '../../ui/PageHeader';
import { EmptyState, QueryState } from '../../ui/States';
import type { VacancyFilter, VacancySort } from './api';
import { vacancyQueries } from './queries';
import { useVacanciesTexts } from './texts';
import { VacancyCard, VacancyCardsSkeleton } from './VacancyCard';
import { CreateVacancyModal } from './VacancyForm';
import './vacancies.css';

const SORTS: VacancySort[] = ['newest', 'popular', 'order'];

/** The list's filters as the address keeps them (`?q=&tag=&salary=&sort=&page=`), so a filtered list can be shared. */
function useFilters() {
  const [params, setParams] = useSearchParams();
  const salary = Number(params.get('salary'));
  const sort = params.get('sort') as VacancySort | null;
  const filter: Required<VacancyFilter> = {
    search: params.get('q') ?? '',
    tag: params.get('tag') || null,
    salary: params.get('salary') && Number.isFinite(salary) && salary >= 0 ? Math.floor(salary) : null,
    sort: sort && SORTS.includes(sort) ? sort : 'newest',
  };
  const page = Math.max(0, Number(params.get('page')) - 1 || 0);
  /** A change of filter starts at the first page again. */
  const change = (next: Partial<VacancyFilter> & { page?: number }) => {
    const merged = { ...filter, page: 0, ...next };
    const entries: [string, string][] = [];
    if (merged.search) entries.push(['q', merged.search]);
    if (merged.tag) entries.push(['tag', merged.tag]);
    if (merged.salary != null) entries.push(['salary', String(merged.salary)]);
    if (merged.sort !== 'newest') entries.push(['sort', merged.sort]);
    if (merged.page > 0) entries.push(['page', String(merged.page + 1)]);
    setParams(entries, { replace: true });
  };
  return { filter, page, change };
}

/** /vacancies/ (modules §2): the open vacancies the person may read, searched and filtered by tag and salary. */
export default function VacanciesPage() {
  const { t } = useVacanciesTexts();
  const { client, user } = useSession();
  const navigate = useNavigate();
  const clientId = client?._id ?? '';
  const userId = user?._id ?? '';
  const { filter, page, change } = useFilters();
  const [creating, setCreating] = useState(false);

  // The search field types freely; the list follows it a moment later.
  const [search, setSearch] = useState(filter.search);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the typed words move the address
  useEffect(() => {
    if (debounced !== filter.search) change({ search: debounced });
  }, [debounced]);

  const query = useQuery(vacancyQueries.list(clientId, userId, page, filter));
  const tags = useQuery(vacancyQueries.tags(clientId));
  const filtered = !!(filter.search || filter.tag || filter.salary != null);
  const pages = Math.ceil((query.data?.total ?? 0) / ARTICLE_PAGE_SIZE);

  return (
    <Stack gap="md" maw={960} mx="auto" w="100%">
      <PageHeader
        title={t('list.title')}
        description={t('list.description')}
        actions={
          query.data?.can.create && (
            <Button leftSection={<IconPlus size={16} />} radius="xl" onClick={() => setCreating(true)}>
              {t('list.create')}
            </Button>
          )
        }
      />
      <Paper withBorder radius="lg" p="sm" role="search" aria-label={t('list.filters')}>
        {/* Labels line up on top; the salary's hint hangs below its field. */}
        <Group gap="sm" align="flex-start" wrap="wrap">
          <TextInput
            label={t('list.search')}
            placeholder={t('list.search')}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            type="search"
            style={{ flex: '2 1 220px' }}
          />
          <Select
            label={t('list.tag')}
            placeholder={t('list.anyTag')}
            data={(tags.data ?? []).map((tag) => ({ value: tag._id, label: tag.name }))}
            value={filter.tag}
            onChange={(tag) => change({ tag })}
            clearable
            searchable
            style={{ flex: '1 1 160px' }}
            comboboxProps={{ withinPortal: true }}
          />
          <NumberInput
            label={t('list.salary')}
            description={t('list.salaryHint')}
            inputWrapperOrder={['label', 'input', 'description']}
            leftSection={<IconCash size={16} />}
            value={filter.salary ?? ''}
            onChange={(value) => change({ salary: typeof value === 'number' ? value : null })}
            min={0}
            max={SALARY_MAX}
            allowDecimal={false}
            allowNegative={false}
            hideControls
            thousandSeparator=" "
            style={{ flex: '1 1 160px' }}
          />
          <Select
            label={t('list.sort')}
            data={SORTS.map((value) => ({ value, label: t(`list.${value}`) }))}
            value={filter.sort}
            onChange={(sort) => sort && change({ sort: sort as VacancySort })}
            allowDeselect={false}
            disabled={!!filter.search}
            style={{ flex: '1 1 160px' }}
          />
        </Group>
      </Paper>
      <QueryState
        query={query}
        loading={<VacancyCardsSkeleton label={t('list.loading')} />}
        isEmpty={(data) => data.result.length === 0}
        empty={
          <Paper withBorder radius="lg" p="lg">
            <EmptyState
              icon={<IconBriefcase size={28} stroke={1.5} />}
              title={filtered ? t('list.noMatchTitle') : t('list.emptyTitle')}
              description={filtered ? t('list.noMatchText') : t('list.emptyText')}
              action={
                filtered ? (
                  <Button
                    variant="light"
                    onClick={() => {
                      setSearch('');
                      change({ search: '', tag: null, salary: null });
                    }}
                  >
                    {t('list.clear')}
                  </Button>
                ) : undefined
              }
            />
          </Paper>
        }
      >
        {(data) => (
          <Stack gap="sm" aria-busy={query.isPlaceholderData}>
            {filtered && (
              <Text size="sm" c="dimmed" role="status">
                {t('list.found', { count: data.total })}
              </Text>
            )}
            <Stack gap="sm" component="section" aria-label={t('list.title')}>
              {data.result.map((vacancy) => (
                <VacancyCard key={vacancy._id} vacancy={vacancy} />
              ))}
            </Stack>
          </Stack>
        )}
      </QueryState>
      {pages > 1 && (
        <Group justify="center" component="nav" aria-label={t('list.pages')}>
          <Pagination total={pages} value={page + 1} onChange={(next) => change({ page: next - 1 })} />
        </Group>
      )}
      <CreateVacancyModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(vacancy) => {
          setCreating(false);
          navigate(`/vacancy/${vacancy._id}`);
        }}
      />
    </Stack>
  );
}
