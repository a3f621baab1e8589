import { MultiSelect, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useSession } from '../../app/session/context';
import { displayName } from '../../ui/Avatar';
import { addressBookQueries } from '../addressBook/queries';
import { wallQueries } from '../wall/queries';
import { useCalendarTexts } from './texts';

export interface PersonChoice {
  value: string;
  label: string;
}

/**
 * Members of an event: people (from the workspace's list at hand, or searched on the server in a big workspace, as
 * the wall's mentions do) and whole departments. `known` names the people already chosen.
 */
export function MembersField({
  members,
  departments,
  known,
  error,
  onMembers,
  onDepartments,
}: {
  members: string[];
  departments: string[];
  known: PersonChoice[];
  error?: string;
  onMembers: (ids: string[], chosen: PersonChoice[]) => void;
  onDepartments: (names: string[]) => void;
}) {
  const { t } = useCalendarTexts();
  const { users, usersComplete, user, client } = useSession();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const remote = !usersComplete && debounced.length >= 2;
  const found = useQuery({ ...wallQueries.mentionSearch(client?.workspace ?? '', debounced), enabled: remote });
  const filters = useQuery(addressBookQueries.filters(client?._id ?? ''));

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
        withAsterisk
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
      <Text size="xs" c="dimmed">
        {t('form.membersHint')}
      </Text>
    </Stack>
  );
}
