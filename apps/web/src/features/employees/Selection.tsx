import type { UserListItem } from '@hallway/shared';
import { Checkbox } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { useEmployeesTexts } from './texts';

/** The people chosen in the employees list, kept by id across pages (with their rows, for names in reports). */
export function useSelection() {
  const [chosen, setChosen] = useState<Map<string, UserListItem>>(new Map());
  const toggle = useCallback((person: UserListItem, on: boolean) => {
    setChosen((current) => {
      const next = new Map(current);
      if (on) next.set(person._id, person);
      else next.delete(person._id);
      return next;
    });
  }, []);
  const toggleAll = useCallback((people: UserListItem[], on: boolean) => {
    setChosen((current) => {
      const next = new Map(current);
      for (const person of people) {
        if (on) next.set(person._id, person);
        else next.delete(person._id);
      }
      return next;
    });
  }, []);
  const replace = useCallback((people: UserListItem[]) => setChosen(new Map(people.map((p) => [p._id, p]))), []);
  const selected = useMemo(() => [...chosen.values()], [chosen]);
  return { selected, has: (id: string) => chosen.has(id), toggle, toggleAll, replace };
}
export type Selection = ReturnType<typeof useSelection>;

/** The header cell's checkbox: everyone on the page (indeterminate when some are chosen). */
export function SelectPageBox({ rows, selection }: { rows: UserListItem[]; selection: Selection }) {
  const { t } = useEmployeesTexts();
  const count = rows.filter((r) => selection.has(r._id)).length;
  return (
    <Checkbox
      aria-label={t('selectAll')}
      checked={rows.length > 0 && count === rows.length}
      indeterminate={count > 0 && count < rows.length}
      onChange={(event) => selection.toggleAll(rows, event.currentTarget.checked)}
    />
  );
}

/** A row's checkbox, labelled with the person's name. */
export function SelectRowBox({ person, selection }: { person: UserListItem; selection: Selection }) {
  const { t } = useEmployeesTexts();
  return (
    <Checkbox
      aria-label={t('selectOne', { name: person.fullName })}
      checked={selection.has(person._id)}
      onChange={(event) => selection.toggle(person, event.currentTarget.checked)}
    />
  );
}
