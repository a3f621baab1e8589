import type { UserListItem, UsersFilterBody } from '@hallway/shared';
import { Button, Center, Group, Loader, Select, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAddressBook, IconCake, IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { memo, useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../app/session/context';
import { PageHeader } from '../../ui/PageHeader';
import { PeopleSkeleton } from '../../ui/Skeletons';
import { EmptyState, QueryState } from '../../ui/States';
import { usePeopleTexts } from '../profile';
import { useAwayList } from '../vacations';
import { PeopleList } from './PeopleList';
import type { PinActions } from './PersonRow';
import { addressBookMutations, addressBookQueries } from './queries';

/**
 * /addressBook/ (spec portal §2): every active employee, pinned first, searched and filtered on the server in
 * pages of 50 that load as the list scrolls, so 10,000 people stay fast. Administrators pin and order people.
 */
export default function AddressBookPage() {
  const { t } = usePeopleTexts();
  const { client, hasFeature } = useSession();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [department, setDepartment] = useState<string | null>(null);
  const [city, setCity] = useState<string | null>(null);
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const workspace = client?.workspace ?? '';
  const filter: UsersFilterBody = {
    search: debounced || undefined,
    department: department ?? undefined,
    city: city ?? undefined,
  };

  const away = useAwayList();
  const list = useInfiniteQuery(addressBookQueries.list(workspace, filter));
  const toggling = useMutation(addressBookMutations.togglePin(queryClient));
  const moving = useMutation(addressBookMutations.movePin(queryClient));
  const busy = toggling.isPending || moving.isPending;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  // The list asks for more as it scrolls; the latest state is read through a ref so the callback stays the same.
  const paging = useRef({ hasNextPage, isFetchingNextPage, fetchNextPage });
  paging.current = { hasNextPage, isFetchingNextPage, fetchNextPage };
  const loadMore = useCallback(() => {
    const current = paging.current;
    if (current.hasNextPage && !current.isFetchingNextPage) void current.fetchNextPage();
  }, []);

  const pages = list.data?.pages;
  const loaded: UserListItem[] = useMemo(() => pages?.flatMap((p) => p.result) ?? [], [pages]);
  // The rows render in a background render React can pause for input, not in the one that answers the data's
  // arrival (query updates render at once): the page stays responsive while a page of people comes in.
  const people = useDeferredValue(loaded);
  const total = pages?.[0]?.total ?? 0;
  const mayPin = pages?.[0]?.can?.pin ?? false;

  // One object for every row, so a row re-renders only when its own person changes (mutate is stable).
  const { mutate: toggle } = toggling;
  const { mutate: move } = moving;
  const pinActions: PinActions | undefined = useMemo(
    () =>
      mayPin
        ? { toggle: (personId) => toggle(personId), move: (personId, toId) => move({ from: personId, to: toId }) }
        : undefined,
    [mayPin, toggle, move],
  );

  const filtered = !!(debounced || department || city);
  const clear = useCallback(() => {
    setSearch('');
    setDepartment(null);
    setCity(null);
  }, []);
  // The same element on every render: the page renders again at each query answer (those render at once, not in
  // the background), and React skips an unchanged element's whole subtree.
  const skeleton = useMemo(() => <PeopleSkeleton />, []);
  /** Where the list will start: its first render places the rows from there (PeopleList `anchor`). */
  const listStart = useRef<HTMLDivElement>(null);
  let content = (
    <QueryState
      query={list}
      loading={skeleton}
      isEmpty={() => loaded.length === 0}
      empty={
        <EmptyState
          icon={<IconAddressBook size={28} stroke={1.5} />}
          title={t('addressBook.emptyTitle')}
          description={filtered ? t('addressBook.emptyText') : undefined}
        />
      }
    >
      {() => null}
    </QueryState>
  );
  if (list.data && loaded.length > 0 && people.length === 0 && !list.isError) content = skeleton;
  if (list.data && people.length > 0 && !list.isError) {
    content = (
      <Stack gap="sm">
        <PeopleList
          people={people}
          total={total}
          label={t('addressBook.list')}
          pin={pinActions}
          busy={busy}
          onNearEnd={loadMore}
          away={away}
          anchor={listStart}
        />
        {isFetchingNextPage && (
          <Center>
            <Loader size="sm" />
          </Center>
        )}
        {hasNextPage && !isFetchingNextPage && (
          <Center>
            <Button variant="light" onClick={loadMore}>
              {t('addressBook.loadMore')}
            </Button>
          </Center>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <PageHeader
        title={t('addressBook.title')}
        description={<span aria-live="polite">{list.data ? t('addressBook.total', { count: total }) : '\u00a0'}</span>}
        actions={
          hasFeature('birthdays') && (
            <Button component={Link} to="/birthdays/" variant="light" leftSection={<IconCake size={16} />}>
              {t('birthdays.title')}
            </Button>
          )
        }
      />
      <FilterBar
        clientId={client?._id ?? ''}
        search={search}
        onSearch={setSearch}
        department={department}
        onDepartment={setDepartment}
        city={city}
        onCity={setCity}
        filtered={filtered}
        onClear={clear}
      />
      {/* Where the list starts, in the page before the list (under the skeleton): the list's first render knows it. */}
      <div ref={listStart}>{content}</div>
    </Stack>
  );
}

interface FilterBarProps {
  clientId: string;
  search: string;
  onSearch: (value: string) => void;
  department: string | null;
  onDepartment: (value: string | null) => void;
  city: string | null;
  onCity: (value: string | null) => void;
  /** A search or a filter is in force (the search as debounced): the clear button shows. */
  filtered: boolean;
  onClear: () => void;
}

/**
 * The search and the two filter selects, with their choices' query: a component of its own that renders only when
 * its props or choices change, not at each of the list's query answers (a Mantine Select is ~10 components).
 */
const FilterBar = memo(function FilterBar({
  clientId,
  search,
  onSearch,
  department,
  onDepartment,
  city,
  onCity,
  filtered,
  onClear,
}: FilterBarProps) {
  const { t } = usePeopleTexts();
  const filters = useQuery(addressBookQueries.filters(clientId));
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label={t('addressBook.search')}
        placeholder={t('addressBook.searchPlaceholder')}
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => onSearch(event.currentTarget.value)}
        w={{ base: '100%', sm: 340 }}
        type="search"
      />
      <Select
        label={t('addressBook.department')}
        placeholder={t('addressBook.allDepartments')}
        data={filters.data?.departments ?? []}
        value={department}
        onChange={onDepartment}
        searchable
        clearable
        w={{ base: 'calc(50% - var(--mantine-spacing-sm) / 2)', xs: 220 }}
      />
      <Select
        label={t('addressBook.city')}
        placeholder={t('addressBook.allCities')}
        data={filters.data?.cities ?? []}
        value={city}
        onChange={onCity}
        searchable
        clearable
        w={{ base: 'calc(50% - var(--mantine-spacing-sm) / 2)', xs: 180 }}
      />
      {filtered && (
        <Button variant="subtle" leftSection={<IconFilterOff size={16} />} onClick={onClear}>
          {t('addressBook.clear')}
        </Button>
      )}
    </Group>
  );
});
