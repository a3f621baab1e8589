import type { StructureType } from '@hallway/shared';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useStructureView } from './context';
import { structureQueries } from './queries';
import { useStructureTexts } from './texts';

/** Finds a person by name or position and brings their department into view (unfolding the way to it). */
export function PersonSearch({
  clientId,
  type,
  onFound,
}: {
  clientId: string;
  type: StructureType;
  onFound: (deptId: string) => void;
}) {
  const { t } = useStructureTexts();
  const view = useStructureView();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const found = useQuery(structureQueries.personSearch(clientId, type, debounced));
  const options = (found.data ?? []).flatMap((dept) =>
    dept.users.map((person) => ({
      value: `${dept.dept_id}:${person._id}`,
      label: `${person.name} — ${view.index.byId.get(dept.dept_id)?.node.name ?? ''}`,
    })),
  );

  return (
    <Select
      label={t('searchPerson')}
      placeholder={t('searchPlaceholder')}
      leftSection={<IconSearch size={16} />}
      searchable
      clearable
      data={options}
      value={null}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={debounced.trim().length >= 2 && !found.isFetching ? t('searchNothing') : undefined}
      onChange={(value) => {
        if (!value) return;
        onFound(value.split(':')[0]);
      }}
      maw={420}
    />
  );
}
