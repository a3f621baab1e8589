import type { UserListItem } from '@hallway/shared';
import { useMediaQuery } from '@mantine/hooks';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { BREAKPOINTS } from '../../app/theme';
import { PersonRow, type PinActions } from './PersonRow';

/**
 * A row's height before it is measured, with the gap below: the desktop row with two lines of details, and the
 * phone's, whose contact buttons take a line of their own. Near the real height, the first render holds about the
 * rows the screen shows, and measuring them moves little.
 */
const ESTIMATED_ROW = 88;
const ESTIMATED_NARROW_ROW = 136;
/** Below Mantine's `xs` (481 px) a row's contact buttons go on a line of their own. */
const NARROW_QUERY = `(max-width: calc(${BREAKPOINTS.xs} - 0.02em))`;
/** Ask for the next page when the last rendered row is this close to the end of what is loaded. */
const LOAD_AHEAD = 10;

/** The document offset of an element's top, which the window virtualizer counts its rows from. */
function useDocumentTop(ref: React.RefObject<HTMLElement | null>, deps: unknown[]) {
  const [top, setTop] = useState(0);
  useLayoutEffect(() => {
    const measure = () => {
      const node = ref.current;
      if (node) setTop(node.getBoundingClientRect().top + window.scrollY);
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
    // biome-ignore lint/correctness/useExhaustiveDependencies: the list moves when what is above it changes
  }, deps);
  return top;
}

export interface PeopleListProps {
  people: UserListItem[];
  /** Everyone matching, loaded or not. */
  total: number;
  label: string;
  pin?: PinActions;
  busy: boolean;
  onNearEnd: () => void;
  /** Who is away today (person id → last day of the vacation). */
  away?: Map<string, string>;
}

/**
 * The address book's list, virtualised against the window: only the rows on screen (and a few around) are in the
 * page, so 500 or 10,000 loaded people cost what 20 do. Rows keep list semantics with their place in the whole list.
 */
export function PeopleList({ people, total, label, pin, busy, onNearEnd, away }: PeopleListProps) {
  const list = useRef<HTMLUListElement | null>(null);
  // One media query for the list instead of both layouts in every row, one of them hidden by CSS.
  const narrow = useMediaQuery(NARROW_QUERY, false, { getInitialValueInEffect: false });
  const top = useDocumentTop(list, [people.length > 0]);
  const virtualizer = useWindowVirtualizer({
    count: people.length,
    estimateSize: () => (narrow ? ESTIMATED_NARROW_ROW : ESTIMATED_ROW),
    overscan: 6,
    scrollMargin: top,
    getItemKey: (index) => people[index]._id,
  });
  const rows = virtualizer.getVirtualItems();
  const lastShown = rows.length ? rows[rows.length - 1].index : 0;

  useEffect(() => {
    if (people.length && lastShown >= people.length - LOAD_AHEAD) onNearEnd();
  }, [lastShown, people.length, onNearEnd]);

  // The pinned people in order: each pinned row moves above or below its pinned neighbour.
  const neighbours = useMemo(() => {
    const pinned = people.filter((person) => person.pinned_num !== null).map((person) => person._id);
    return new Map(pinned.map((id, i) => [id, { above: pinned[i - 1] ?? null, below: pinned[i + 1] ?? null }]));
  }, [people]);

  return (
    <ul
      ref={list}
      aria-label={label}
      style={{ listStyle: 'none', padding: 0, margin: 0, position: 'relative', height: virtualizer.getTotalSize() }}
    >
      {rows.map((row) => {
        const person = people[row.index];
        const around = neighbours.get(person._id);
        return (
          <li
            key={row.key}
            data-index={row.index}
            ref={virtualizer.measureElement}
            aria-posinset={row.index + 1}
            aria-setsize={total}
            style={{
              position: 'absolute',
              top: 0,
              left: 0,
              width: '100%',
              paddingBottom: 'var(--mantine-spacing-xs)',
              transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)`,
            }}
          >
            <PersonRow
              person={person}
              pin={pin}
              above={around?.above}
              below={around?.below}
              busy={pin ? busy : false}
              away={away?.get(person._id)}
              narrow={narrow}
            />
          </li>
        );
      })}
    </ul>
  );
}
