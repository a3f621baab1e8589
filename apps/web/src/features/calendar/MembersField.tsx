import { MultiSelect, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useInfiniteQuery, useQueries, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useSession } from '../../app/session/context';
import { displayName } from '../../ui/Avatar';
import { addressBookQueries } from '../addressBook';
import { groupQueries } from '../groups';
import { wallQueries } from '../wall';
import { useCalendarTexts } from './texts';

export interface PersonChoice {
  value: string;
  label: string;
}

/**
 * Members of an event: people (from the workspace's list at hand, or searched on the server in a big workspace, as
 * the wall's mentions do), whole departments and groups (those the person may read, searched on the server; with the
 * groups feature on). `known` names the people already chosen.
 */
export function MembersField({
  members,
  departments,
  groups,
  known,
  error,
  onMembers,
  onDepartments,
  onGroups,
}: {
  members: string[];
  departments: string[];
  groups: string[];
  known: PersonChoice[];
  error?: string;
  onMembers: (ids: string[], chosen: PersonChoice[]) => void;
  onDepartments: (names: string[]) => void;
  onGroups: (ids: string[]) => void;
}) {
  const { t } = useCalendarTexts();
  const { users, usersComplete, user, client, hasFeature } = useSession();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const remote = !usersComplete && debounced.length >= 2;
  const found = useQuery({ ...wallQueries.mentionSearch(client?.workspace ?? '', debounced), enabled: remote });
  const filters = useQuery(addressBookQueries.filters(client?._id ?? ''));

  const withGroups = hasFeature('groups');
  const [groupSearch, setGroupSearch] = useState('');
  const [groupTerm] = useDebouncedValue(groupSearch.trim(), 250);
  const groupList = useInfiniteQuery({
    ...groupQueries.list('all', client?._id ?? '', groupTerm),
    enabled: withGroups && !!client?._id,
  });
  // Chosen groups not on the list's first page (an edited event's) are named from their own page.
  const listed = useMemo(
    () => (groupList.data?.pages ?? []).flatMap((page) => page.result.map((g) => ({ value: g._id, label: g.name }))),
    [groupList.data],
  );
  const missing = groups.filter((id) => !listed.some((g) => g.value === id));
  const chosen = useQueries({
    queries: missing.map((id) => ({ ...groupQueries.detail(id), enabled: withGroups })),
  });
  const [named, setNamed] = useState<PersonChoice[]>([]);
  const groupOptions = useMemo(() => {
    const byId = new Map<string, PersonChoice>();
    for (const choice of named) if (groups.includes(choice.value)) byId.set(choice.value, choice);
    for (const query of chosen)
      if (query.data) byId.set(query.data._id, { value: query.data._id, label: query.data.name });
    for (const choice of listed) byId.set(choice.value, choice);
    return [...byId.values()];
  }, [named, groups, chosen, listed]);

  const options = useMemo(() => {
    const byId = new Map<string, PersonChoice>();
    for (const choice of known) byId.set(choice.value, choice);
    for (const person of users) {
      if (person._id !== user?._id && !person.deletion_mark) {
        byId.set(person._id, { value: person._id, label: displayName(person) || person.login });
      }
    }
    for (const person of found.data ?? []) {
      if (person._id !== user?._id) byId.set(person._id, { value: person._id, label: person.name || person.login });
    }
    return [...byId.values()];
  }, [known, users, found.data, user?._id]);

  const departmentOptions = useMemo(
    () => [...new Set([...(filters.data?.departments ?? []), ...departments])].filter(Boolean),
    [filters.data, departments],
  );

  return (
    <Stack gap={6}>
      <MultiSelect
        label={t('form.people')}
        placeholder={members.length ? undefined : t('form.peopleHint')}
        data={options}
        value={members}
        onChange={(ids) =>
          onMembers(
            ids,
            options.filter((option) => ids.includes(option.value)),
          )
        }
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        nothingFoundMessage={search.trim() ? t('form.nobody') : undefined}
        limit={50}
        error={error}
        clearable
      />
      <MultiSelect
        label={t('form.departments')}
        data={departmentOptions}
        value={departments}
        onChange={onDepartments}
        searchable
        clearable
        nothingFoundMessage={t('form.nobody')}
      />
      {withGroups && (
        <MultiSelect
          label={t('form.groups')}
          data={groupOptions}
          value={groups}
          onChange={(ids) => {
            setNamed(groupOptions.filter((option) => ids.includes(option.value)));
            onGroups(ids);
          }}
          searchable
          searchValue={groupSearch}
          onSearchChange={setGroupSearch}
          filter={({ options }) => options}
          clearable
          nothingFoundMessage={groupList.isFetching ? undefined : t('form.nobody')}
        />
      )}
      <Text size="xs" c="dimmed">
        {t('form.membersHint')}
      </Text>
    </Stack>
  );
}
