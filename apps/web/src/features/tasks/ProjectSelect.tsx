import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { groupQueries } from '../groups';
import { useTasksTexts } from './texts';

interface ProjectSelectProps extends Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchValue'> {
  label: string;
  value: string | null;
  onChange: (project: string | null) => void;
}

/**
 * A project the person can read, found by name on the server (`GET api/project/?search=`, the groups module's
 * list); the chosen one's name comes from its own page when it is not among the found.
 */
export function ProjectSelect({ label, value, onChange, ...rest }: ProjectSelectProps) {
  const { t } = useTasksTexts();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const found = useInfiniteQuery(groupQueries.projects(debounced));
  const chosen = useQuery({ ...groupQueries.project(value ?? ''), enabled: !!value });
  const options = new Map<string, string>();
  if (value && chosen.data) options.set(value, chosen.data.name);
  for (const page of found.data?.pages ?? []) for (const project of page.result) options.set(project._id, project.name);
  return (
    <Select
      label={label}
      placeholder={t('projects.choose')}
      nothingFoundMessage={found.isFetching ? t('projects.searching') : t('projects.none')}
      data={[...options].map(([id, name]) => ({ value: id, label: name }))}
      value={value}
      onChange={onChange}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server filters by the search; the list shows what it answered.
      filter={({ options: shown }) => shown}
      clearable
      {...rest}
    />
  );
}
