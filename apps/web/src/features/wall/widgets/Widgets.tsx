import { Stack } from '@mantine/core';
import { useSession } from '../../../app/session/context';
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
  if (!client) return null;
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
