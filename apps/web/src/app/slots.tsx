import { Box, Card, Tabs } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ComponentType, useState } from 'react';
import { useTranslation } from '../i18n';
import { withChunkTimeout } from './lazy';
import type { Placed } from './modules';
import { useSession } from './session/context';
import { type Access, allowed, type Slot, type TabSlot } from './webModule';

/** The pieces a person sees: the workspace has their feature, the person their right and role (as the menu). */
export const slotsFor = <S extends Slot<unknown>>(slots: S[], access: Access): S[] =>
  slots.filter((slot) => allowed(slot, access));

export type Loaded<S> = S extends Slot<infer M> ? S & { loaded: M } : never;

/**
 * Loads the pieces a person sees (their code and texts, all together); undefined until all have arrived. `query`
 * is the loading's state, for a retry when a piece's code failed to load.
 */
export function useSlots<S extends Slot<unknown>>(list: string, slots: S[]) {
  const session = useSession();
  const shown = slotsFor(slots, session);
  const query = useQuery({
    queryKey: ['slots', list, ...shown.map((slot) => slot.key)],
    queryFn: () =>
      Promise.all(shown.map(async (slot) => ({ ...slot, loaded: await withChunkTimeout(slot.load) }) as Loaded<S>)),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
  return { slots: query.data, shown, query };
}

/** A tab's label: a text of its module's namespace. */
function SlotLabel({ slot }: { slot: Placed<TabSlot<never>> }) {
  const { t } = useTranslation(slot.namespace as 'translation');
  return <>{t(slot.label as never)}</>;
}

/**
 * The tabs of a page made of other modules' tabs (admin panel, employees, profile): a card with the list and the
 * open tab's panel, each panel mounted only while open.
 */
export function SlotTabs<P extends object>({
  slots,
  label,
  props,
  value,
  onChange,
}: {
  slots: Loaded<Placed<TabSlot<P>>>[];
  label: string;
  props: P;
  /** The open tab, when the page keeps it (a link); otherwise the tabs keep it themselves. */
  value?: string;
  onChange?: (key: string) => void;
}) {
  const [own, setOwn] = useState<string>();
  const asked = value ?? own;
  const current = slots.some((slot) => slot.key === asked) ? asked : slots[0]?.key;
  if (!current) return null;
  return (
    <Card withBorder radius="lg" padding={0}>
      <Tabs value={current} onChange={(next) => next && (onChange ?? setOwn)(next)} keepMounted={false}>
        {/* Wrapping, not a hidden sideways scroll: on a phone every tab's label stays in sight. */}
        <Tabs.List aria-label={label} px="sm">
          {slots.map((slot) => (
            <Tabs.Tab key={slot.key} value={slot.key} style={{ whiteSpace: 'nowrap' }}>
              <SlotLabel slot={slot as Placed<TabSlot<never>>} />
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Box p={{ base: 'md', sm: 'xl' }}>
          {slots.map((slot) => {
            const Panel = slot.loaded.default as ComponentType<P>;
            return (
              <Tabs.Panel key={slot.key} value={slot.key}>
                <Panel {...props} />
              </Tabs.Panel>
            );
          })}
        </Box>
      </Tabs>
    </Card>
  );
}
