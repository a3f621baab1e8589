import type { UserListItem, UsersFilterBody } from '@hallway/shared';
import { Button, Center, Group, Loader, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAddressBook, IconCake, IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../app/session/context';
import { EmptyState, QueryState } from '../../ui/States';
import { usePeopleTexts } from '../profile/texts';
import { PersonRow } from './PersonRow';
import { addressBookMutations, addressBookQueries } from './queries';

/** Loads the next page when the end of the list comes into view (the button does it by keyboard). */
function useLoadOnView(enabled: boolean, load: () => void) {
  const sentinel = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !enabled || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && load(), {
      rootMargin: '600px',
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [enabled, load]);
  return sentinel;
}

/**
 * /addressBook/ (spec portal §2): every active employee, pinned first, searched and filtered on the server in
 * pages of 50 that load as the list scrolls, so 10,000 people stay fast. Administrators pin and order people.
 */
export default function AddressBookPage() {
  const { t } = usePeopleTexts();
  const { client, isAdmin, hasFeature } = useSession();
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

  const filters = useQuery(addressBookQueries.filters(client?._id ?? ''));
  const list = useInfiniteQuery(addressBookQueries.list(workspace, filter));
  const toggling = useMutation(addressBookMutations.togglePin(queryClient));
  const moving = useMutation(addressBookMutations.movePin(queryClient));
  const busy = toggling.isPending || moving.isPending;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const loadMore = () => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  };
  const sentinel = useLoadOnView(!!hasNextPage && !isFetchingNextPage, loadMore);

  const people: UserListItem[] = list.data?.pages.flatMap((p) => p.result) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;
  const pinned = people.filter((p) => p.pinned_num !== null);

  const pinControls = (person: UserListItem) => {
    if (!isAdmin) return undefined;
    const index = pinned.findIndex((p) => p._id === person._id);
    const above = index > 0 ? pinned[index - 1] : null;
    const below = index >= 0 && index < pinned.length - 1 ? pinned[index + 1] : null;
    return {
      busy,
      onToggle: () => toggling.mutate(person._id),
      onUp: above ? () => moving.mutate({ from: person._id, to: above._id }) : undefined,
      onDown: below ? () => moving.mutate({ from: person._id, to: below._id }) : undefined,
    };
  };

  const filtered = !!(debounced || department || city);
  let content = (
    <QueryState
      query={list}
      isEmpty={() => people.length === 0}
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
  if (list.data && people.length > 0 && !list.isError) {
    content = (
      <Stack gap="sm">
        <Stack
          component="ul"
          gap="xs"
          aria-label={t('addressBook.list')}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {people.map((person) => (
            <PersonRow key={person._id} person={person} pin={pinControls(person)} />
          ))}
        </Stack>
        <div ref={sentinel} />
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
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {t('addressBook.title')}
          </Title>
          <Text c="dimmed" size="sm" aria-live="polite">
            {list.data ? t('addressBook.total', { count: total }) : '\u00a0'}
          </Text>
        </Stack>
        {hasFeature('birthdays') && (
          <Button component={Link} to="/birthdays/" variant="light" leftSection={<IconCake size={16} />}>
            {t('birthdays.title')}
          </Button>
        )}
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={t('addressBook.search')}
          placeholder={t('addressBook.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={{ base: '100%', sm: 340 }}
          type="search"
        />
        <Select
          label={t('addressBook.department')}
          placeholder={t('addressBook.allDepartments')}
          data={filters.data?.departments ?? []}
          value={department}
          onChange={setDepartment}
          searchable
          clearable
          w={{ base: 'calc(50% - var(--mantine-spacing-sm) / 2)', xs: 220 }}
        />
        <Select
          label={t('addressBook.city')}
          placeholder={t('addressBook.allCities')}
          data={filters.data?.cities ?? []}
          value={city}
          onChange={setCity}
          searchable
          clearable
          w={{ base: 'calc(50% - var(--mantine-spacing-sm) / 2)', xs: 180 }}
        />
        {filtered && (
          <Button
            variant="subtle"
            leftSection={<IconFilterOff size={16} />}
            onClick={() => {
              setSearch('');
              setDepartment(null);
              setCity(null);
            }}
          >
            {t('addressBook.clear')}
          </Button>
        )}
      </Group>
      {content}
    </Stack>
  );
}
