import type { UsersPage } from '@hallway/shared';
import { Group, MultiSelect, type MultiSelectProps, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { api } from '../api/client';
import { useSession } from '../app/session/context';
import { Avatar, displayName } from './Avatar';

/** A person as a picker shows them. */
export interface PickedPerson {
  _id: string;
  name: string;
  avatar?: string | null;
  position?: string;
}

export interface PeoplePickerProps
  extends Omit<MultiSelectProps, 'data' | 'value' | 'onChange' | 'searchValue' | 'onSearchChange'> {
  label: string;
  value: string[];
  onChange: (ids: string[], people: PickedPerson[]) => void;
  /** Cards of people already chosen that the workspace's list may not hold (a big workspace). */
  known?: PickedPerson[];
  /** People not to offer (the members already in a group). */
  exclude?: string[];
}

const SEARCH_FROM = 2;

/**
 * Chooses people of the workspace: from the people loaded at start-up when that list is complete, otherwise by the
 * address book's search (`POST api/user/filter/{workspace}`) from two characters on.
 */
export function PeoplePicker({ label, value, onChange, known = [], exclude = [], ...rest }: PeoplePickerProps) {
  const { users, usersComplete, client } = useSession();
  const workspace = client?.workspace ?? '';
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const remote = useQuery({
    queryKey: ['people-picker', workspace, debounced.toLowerCase()],
    queryFn: ({ signal }) =>
      api<UsersPage>(`/api/user/filter/${encodeURIComponent(workspace)}`, {
        method: 'POST',
        body: { search: debounced, limit: 20 },
        signal,
        local: true,
      }),
    enabled: !usersComplete && !!workspace && debounced.length >= SEARCH_FROM,
    staleTime: 60_000,
  });
  // Everyone ever shown keeps their card, so a chosen person stays labelled after the search changes.
  const seen = useRef(new Map<string, PickedPerson>());
  const cards = useMemo(() => {
    const add = (person: PickedPerson) => seen.current.set(person._id, person);
    for (const person of known) add(person);
    const source = usersComplete ? users : (remote.data?.result ?? []);
    for (const user of source) {
      if (user.deletion_mark) continue;
      add({ _id: user._id, name: displayName(user), avatar: user.avatar ?? null, position: user.position });
    }
    return seen.current;
  }, [known, users, usersComplete, remote.data]);

  const excluded = new Set(exclude);
  const offered = usersComplete
    ? [...cards.values()]
    : [...cards.values()].filter(
        (person) => value.includes(person._id) || remote.data?.result.some((u) => u._id === person._id),
      );
  const data = offered
    .filter((person) => !excluded.has(person._id) || value.includes(person._id))
    .map((person) => ({ value: person._id, label: person.name || person._id }));

  return (
    <MultiSelect
      label={label}
      searchable
      clearable
      hidePickedOptions
      nothingFoundMessage={search.trim().length >= SEARCH_FROM || usersComplete ? '—' : undefined}
      {...rest}
      data={data}
      value={value}
      searchValue={search}
      onSearchChange={setSearch}
      filter={usersComplete ? undefined : ({ options }) => options}
      onChange={(ids) =>
        onChange(
          ids,
          ids.map((id) => cards.get(id)).filter((p): p is PickedPerson => !!p),
        )
      }
      renderOption={({ option }) => {
        const person = cards.get(option.value);
        return (
          <Group gap="sm" wrap="nowrap">
            <Avatar
              person={{ _id: option.value, name: option.label, avatar: person?.avatar ?? null }}
              size={24}
              link={false}
            />
            <div>
              <Text size="sm">{option.label}</Text>
              {person?.position && (
                <Text size="xs" c="dimmed">
                  {person.position}
                </Text>
              )}
            </div>
          </Group>
        );
      }}
    />
  );
}
