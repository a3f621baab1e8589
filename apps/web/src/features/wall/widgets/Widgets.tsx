import { Group, Paper, Skeleton, Stack } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useState } from 'react';
import { registry } from '../../../app/modules';
import { useSession } from '../../../app/session/context';
import { useSlots } from '../../../app/slots';
import { useTranslation } from '../../../i18n';
import { QueryState } from '../../../ui/States';

/**
 * The wall's widgets, the modules' `wallWidgets` the person sees (calendar, thanks, important in groups, birthdays,
 * useful links so far). `enabled` holds their loading back until the feed has answered, so the feed never waits
 * behind them.
 */
export function Widgets({ enabled }: { enabled: boolean }) {
  const { client, user } = useSession();
  const clientId = client?._id ?? '';
  const userId = user?._id ?? '';
  const { slots, shown, query } = useSlots('wallWidgets', registry.wallWidgets);
  const queryClient = useQueryClient();
  // Every widget's first data (a failure too: that widget shows it), read through the widgets' own queries.
  const data = useQuery({
    queryKey: ['slots', 'wallWidgets', 'data', clientId, userId, ...shown.map((slot) => slot.key)],
    queryFn: async () => {
      await Promise.allSettled((slots ?? []).map((slot) => slot.loaded.data(queryClient, clientId, userId)));
      return true;
    },
    enabled: enabled && !!client && !!slots,
  });
  const ready = !!slots && data.isSuccess;
  // Drawn in a transition, which React splits into short slices: five widgets at once were a 250–280 ms task.
  const [revealed, setRevealed] = useState(false);
  useEffect(() => {
    if (ready) startTransition(() => setRevealed(true));
  }, [ready]);
  if (!client) return null;
  if (query.isError)
    return (
      <QueryState query={query} compactError>
        {() => null}
      </QueryState>
    );
  // All at once: each widget's height is known only with its data, and widgets that grew one by one pushed the
  // ones below them down the page (layout shift 0.087 on a desktop wall).
  if (!slots || !ready || !revealed) return <WidgetsSkeleton count={shown.length} />;
  return (
    <Stack gap="md">
      {slots.map(({ key, loaded: { default: Widget } }) => (
        <Widget key={key} clientId={client._id} enabled={enabled} />
      ))}
    </Stack>
  );
}

/** The widgets' column while their data loads: one card per widget, a title and a few lines each. */
function WidgetsSkeleton({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" role="status" aria-live="polite" aria-label={t('common.loading')} aria-busy>
      {Array.from({ length: count }, (_, index) => `widget-${index}`).map((key) => (
        <Paper key={key} withBorder radius="lg" p="md">
          <Group gap="xs" mb="md" wrap="nowrap">
            <Skeleton height={28} width={28} radius="md" />
            <Skeleton height={10} width="45%" radius="xl" />
          </Group>
          <Stack gap={10}>
            <Skeleton height={10} radius="xl" />
            <Skeleton height={10} width="70%" radius="xl" />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
