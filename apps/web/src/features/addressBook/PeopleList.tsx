import type { UserListItem } from '@hallway/shared';
import { useMediaQuery } from '@mantine/hooks';
import { type Rect, useWindowVirtualizer, type Virtualizer, windowScroll } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { BREAKPOINTS } from '../../app/theme';
import { PersonRow, type PinActions } from './PersonRow';

/**
 * A row's height with the gap below, in rem like everything in it: the desktop row, and the phone's, whose contact
 * buttons take a line of their own. Every row of a layout has this height (`PersonRow`: one line per text, truncated;
 * the badges on the name's line; an empty details line and an empty button line keep their height), so rows are
 * placed by these sizes and never measured: measuring the rows a commit mounted read their layout and re-rendered
 * the list at once, ~450 ms of the address book's longest task at a phone's speed.
 */
const ROW_REM = 98 / 16;
const NARROW_ROW_REM = 142 / 16;
/** Rows built beyond each edge of the screen: each costs a row's render, all of them in the first commit. */
const OVERSCAN = 3;
/** Below Mantine's `xs` (481 px) a row's contact buttons go on a line of their own. */
const NARROW_QUERY = `(max-width: calc(${BREAKPOINTS.xs} - 0.02em))`;
/** Ask for the next page when the last rendered row is this close to the end of what is loaded. */
const LOAD_AHEAD = 10;

/** The root font size in px (what a rem is), read once. */
let rootFontSize = 0;
function remPx() {
  if (!rootFontSize) rootFontSize = Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  return rootFontSize;
}

const documentTop = (node: HTMLElement | null) => (node ? node.getBoundingClientRect().top + window.scrollY : 0);

/**
 * The document offset of an element's top, which the window virtualizer counts its rows from. The first value comes
 * from `anchor` (an element already in the page where the list will start) during the first render, so the first
 * commit mounts the rows the screen shows and no re-render has to correct it; the list's own top is checked in the
 * next frame (reading it in the commit would force a layout of the rows just mounted, inside the commit's task).
 */
function useDocumentTop(ref: React.RefObject<HTMLElement | null>, anchor?: React.RefObject<HTMLElement | null>) {
  const [fromAnchor] = useState(() => (anchor?.current ? documentTop(anchor.current) : null));
  const [top, setTop] = useState(fromAnchor ?? 0);
  useLayoutEffect(() => {
    const measure = () => {
      if (ref.current) setTop(documentTop(ref.current));
    };
    let frame = 0;
    if (fromAnchor === null) measure();
    else frame = requestAnimationFrame(measure);
    window.addEventListener('resize', measure);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', measure);
    };
  }, [ref, fromAnchor]);
  return top;
}

/**
 * The window's size for the virtualizer: at each resize, and once in the next frame. The library's own observer reads
 * `innerWidth` as the list mounts, which forces a layout of the rows the commit has just added, inside the commit's
 * task; the size is known already (`initialRect`), so the check waits for the frame, which lays the page out anyway.
 */
function observeWindowSize(instance: Virtualizer<Window, Element>, cb: (rect: Rect) => void) {
  const win = instance.scrollElement;
  if (!win) return;
  const handler = () => cb({ width: win.innerWidth, height: win.innerHeight });
  const frame = win.requestAnimationFrame(handler);
  win.addEventListener('resize', handler, { passive: true });
  return () => {
    win.cancelAnimationFrame(frame);
    win.removeEventListener('resize', handler);
  };
}

/** Virtualizers that have made their first scroll write (see `scrollWindow`). */
const mounted = new WeakSet<Virtualizer<Window, Element>>();

/**
 * The window scroll for the virtualizer, less its first write: as it mounts, the library scrolls the window to where
 * the window already is (the offset it read when it was made), and `scrollTo` lays out the rows just mounted inside
 * the commit's task (~65 ms at a phone's speed). Scrolling to the current offset moves nothing and fires no event,
 * so skipping it changes nothing else.
 */
function scrollWindow(
  offset: number,
  options: { adjustments?: number; behavior?: ScrollBehavior },
  instance: Virtualizer<Window, Element>,
) {
  const first = !mounted.has(instance);
  mounted.add(instance);
  if (first && options.behavior !== 'smooth' && offset + (options.adjustments ?? 0) === instance.scrollOffset) return;
  windowScroll(offset, options, instance);
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
  /** An element already in the page whose top is where the list starts (the list's first position). */
  anchor?: React.RefObject<HTMLElement | null>;
}

/**
 * The address book's list, virtualised against the window: only the rows on screen (and a few around) are in the
 * page, so 500 or 10,000 loaded people cost what 20 do. Rows keep list semantics with their place in the whole list.
 */
export function PeopleList({ people, total, label, pin, busy, onNearEnd, away, anchor }: PeopleListProps) {
  const list = useRef<HTMLUListElement | null>(null);
  // One media query for the list instead of both layouts in every row, one of them hidden by CSS.
  const narrow = useMediaQuery(NARROW_QUERY, false, { getInitialValueInEffect: false });
  const top = useDocumentTop(list, anchor);
  const rowSize = (narrow ? NARROW_ROW_REM : ROW_REM) * remPx();
  const virtualizer = useWindowVirtualizer({
    count: people.length,
    estimateSize: () => rowSize,
    overscan: OVERSCAN,
    scrollMargin: top,
    // The window's size from the start (the default is 0 × 0 until mounted): otherwise the first commit holds only
    // the overscan rows and the virtualizer's mount re-renders the list at once (flushSync) with the rest.
    initialRect: { width: window.innerWidth, height: window.innerHeight },
    observeElementRect: observeWindowSize,
    scrollToFn: scrollWindow,
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
