import { ARTICLE_TAGS_MAX, TAG_NAME_MAX } from '@hallway/shared/articles';
import { MultiSelect } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../i18n/errors';
import type { TagModule } from './api';
import { articleMutations, articleQueries } from './queries';
import { useArticlesTexts } from './texts';

export interface TagPickerProps {
  clientId: string;
  /** Whose tags (`GET api/tag/{client}/{module}`): the knowledge base, vacancies, the task tracker, learning. */
  module: TagModule;
  value: string[];
  onChange: (ids: string[]) => void;
  label: string;
  max?: number;
  disabled?: boolean;
  /** A filter offers the existing tags only; a form may create one. */
  creatable?: boolean;
}

const CREATE = '\u0000create:';

/**
 * The one tag picker of every module: the module's tags by name, searchable, and for those who keep the module's
 * tags a "create" entry for a name it does not have yet.
 */
export function TagPicker({
  clientId,
  module,
  value,
  onChange,
  label,
  max = ARTICLE_TAGS_MAX,
  disabled,
  creatable = true,
}: TagPickerProps) {
  const { t } = useArticlesTexts();
  const client = useQueryClient();
  const tags = useQuery(articleQueries.tags(clientId, module));
  const creating = useMutation(articleMutations.createTag(client, clientId, module));
  const [search, setSearch] = useState('');
  const name = search.trim().slice(0, TAG_NAME_MAX);
  const all = tags.data?.result ?? [];
  const canCreate =
    creatable && !!tags.data?.can.edit && !!name && !all.some((tag) => tag.name.toLowerCase() === name.toLowerCase());
  const data = [
    ...all.map((tag) => ({ value: tag._id, label: tag.name })),
    ...(canCreate ? [{ value: `${CREATE}${name}`, label: t('tags.create', { name }) }] : []),
  ];

  return (
    <MultiSelect
      label={label}
      data={data}
      value={value}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      maxValues={max}
      disabled={disabled || creating.isPending}
      nothingFoundMessage={tags.isLoading ? t('tags.loading') : t('tags.none')}
      error={creating.error ? errorText(creating.error) : tags.error ? errorText(tags.error) : undefined}
      onChange={(ids) => {
        const wanted = ids.find((id) => id.startsWith(CREATE));
        if (!wanted) return onChange(ids);
        creating.mutate(wanted.slice(CREATE.length), {
          onSuccess: (tag) => {
            setSearch('');
            onChange([...ids.filter((id) => id !== wanted), tag._id]);
          },
        });
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
