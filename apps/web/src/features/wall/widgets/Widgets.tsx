import { Group, Paper, Skeleton, Stack } from '@mantine/core';
import { startTransition, useEffect, useState } from 'react';
import { useSession } from '../../../app/session/context';
import { useTranslation } from '../../../i18n';
import { BirthdaysWidget, useBirthdaysQuery } from './BirthdaysWidget';
import { CalendarWidget, useCalendarWidgetQuery } from './CalendarWidget';
import { ImportantInGroupsWidget, useImportantInGroupsQuery } from './ImportantInGroupsWidget';
import { LinksWidget, useLinksQuery } from './LinksWidget';
import { ThanksWidget, useThanksQuery } from './ThanksWidget';

/**
 * The wall's widgets: calendar, thanks, important in groups (with the groups feature), birthdays, useful links. `enabled` holds their loading back
 * until the feed has answered, so the feed never waits behind them.
 */
export function Widgets({ enabled }: { enabled: boolean }) {
  const { client, isAdmin, hasFeature, can } = useSession();
  const clientId = client?._id ?? '';
  const birthdays = hasFeature('birthdays');
  const groups = hasFeature('groups');
  const calendar = hasFeature('calendar') && can('calendar');
  // Only the status is read here, so this re-renders when a widget's data first arrives, not on every change.
  const busy = [
    useThanksQuery(clientId, enabled && !!client).isPending,
    useBirthdaysQuery(clientId, enabled && !!client && birthdays).isPending && birthdays,
    useCalendarWidgetQuery(clientId, enabled && !!client && calendar).isPending && calendar,
    useLinksQuery(clientId, enabled && !!client).isPending,
    useImportantInGroupsQuery(enabled && !!client && groups).isPending && groups,
  ].some(Boolean);
  // Drawn in a transition, which React splits into short slices: five widgets at once were a 250–280 ms task.
  const [revealed, setRevealed] = useState(false);
  useEffect(() => {
    if (!busy) startTransition(() => setRevealed(true));
  }, [busy]);
  if (!client) return null;
  // All at once: each widget's height is known only with its data, and widgets that grew one by one pushed the
  // ones below them down the page (layout shift 0.087 on a desktop wall).
  if (busy || !revealed) return <WidgetsSkeleton count={2 + Number(calendar) + Number(groups) + Number(birthdays)} />;
  return (
    <Stack gap="md" aria-busy={busy}>
      {calendar && <CalendarWidget clientId={client._id} enabled={enabled} />}
      <ThanksWidget clientId={client._id} enabled={enabled} />
      {groups && <ImportantInGroupsWidget enabled={enabled} />}
      {birthdays && <BirthdaysWidget clientId={client._id} enabled={enabled} />}
      <LinksWidget clientId={client._id} enabled={enabled} isAdmin={isAdmin} />
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
