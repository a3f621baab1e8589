import type { NotificationSection, UnreadCounts } from '@hallway/shared';
import { NOTIFICATION_SECTIONS } from '@hallway/shared';
import { Badge, Box, ScrollArea, Tabs } from '@mantine/core';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { countLabel } from '../../ui/CountIndicator';
import { useNotificationsTexts } from './texts';

/**
 * The sections the centre shows: those the server counts (`all`, `other`, and each of a module it runs with its
 * feature on), in the shared order. Before the counts arrive, `all` alone.
 */
export function shownSections(counts: UnreadCounts | undefined): NotificationSection[] {
  if (!counts) return ['all'];
  return NOTIFICATION_SECTIONS.filter((code) => code === 'all' || Object.hasOwn(counts.sections, code));
}

/** A tab's unread count: never squeezed by its tab, its digits whole ("12", "99+"). */
export function UnreadBadge({ count }: { count: number }) {
  const label = countLabel(count);
  return (
    <Badge
      size="sm"
      color="red"
      circle={label.length === 1}
      aria-label={String(count)}
      data-testid="unread-count"
      style={{ flexShrink: 0, overflow: 'visible', minWidth: 'max-content' }}
    >
      {label}
    </Badge>
  );
}

/** Which sides of the tab strip have tabs scrolled out of sight. */
interface Hidden {
  before: boolean;
  after: boolean;
}

const fade = (side: 'left' | 'right') =>
  ({
    position: 'absolute',
    top: 0,
    bottom: 8,
    [side]: 0,
    width: 40,
    pointerEvents: 'none',
    zIndex: 1,
    background: `linear-gradient(to ${side}, transparent, var(--mantine-color-body))`,
  }) as const;

/**
 * The centre's section tabs, each with its unread count. Tabs never shrink: when they are wider than the page (a
 * phone, or many sections) the strip scrolls, with its scrollbar showing and a fade on the side that has more, and
 * the chosen tab is scrolled into view.
 */
export function SectionTabs({
  sections,
  counts,
  value,
  onChange,
}: {
  sections: NotificationSection[];
  counts: Record<string, number> | undefined;
  value: NotificationSection;
  onChange: (section: NotificationSection) => void;
}) {
  const { t } = useNotificationsTexts();
  const viewport = useRef<HTMLDivElement>(null);
  const [hidden, setHidden] = useState<Hidden>({ before: false, after: false });
  const measure = useCallback(() => {
    const v = viewport.current;
    if (!v) return;
    const before = v.scrollLeft > 1;
    const after = v.scrollLeft + v.clientWidth < v.scrollWidth - 1;
    setHidden((h) => (h.before === before && h.after === after ? h : { before, after }));
  }, []);
  // Again whenever the tabs or their counts change width, and when the window does.
  const widths = sections.map((code) => `${code}:${counts?.[code] ?? 0}`).join();
  useLayoutEffect(() => {
    void widths;
    measure();
  }, [measure, widths]);
  useEffect(() => {
    const v = viewport.current;
    if (!v || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(v);
    return () => observer.disconnect();
  }, [measure]);
  useEffect(() => {
    const tab = viewport.current?.querySelector<HTMLElement>(`[data-testid="section-${value}"]`);
    tab?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [value]);
  return (
    <Tabs value={value} onChange={(v) => v && onChange(v as NotificationSection)} keepMounted={false}>
      <Box pos="relative" data-testid="section-strip" data-more-before={hidden.before} data-more-after={hidden.after}>
        {hidden.before && <Box style={fade('left')} data-testid="more-before" />}
        {hidden.after && <Box style={fade('right')} data-testid="more-after" />}
        <ScrollArea
          type="auto"
          scrollbars="x"
          scrollbarSize={6}
          offsetScrollbars="x"
          viewportRef={viewport}
          onScrollPositionChange={measure}
        >
          <Tabs.List style={{ flexWrap: 'nowrap', width: 'max-content', minWidth: '100%' }}>
            {sections.map((code) => {
              const unread = counts?.[code] ?? 0;
              return (
                <Tabs.Tab
                  key={code}
                  value={code}
                  data-testid={`section-${code}`}
                  style={{ flexShrink: 0 }}
                  rightSection={unread > 0 ? <UnreadBadge count={unread} /> : null}
                >
                  {t(`sections.${code}`)}
                </Tabs.Tab>
              );
            })}
          </Tabs.List>
        </ScrollArea>
      </Box>
    </Tabs>
  );
}
