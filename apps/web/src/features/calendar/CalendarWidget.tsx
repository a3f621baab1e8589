import { ActionIcon, Anchor, Box, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconCalendarEvent, IconCheck, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useSession } from '../../app/session/context';
import { QueryState } from '../../ui/States';
import { showError } from '../../ui/toast';
import { WidgetCard } from '../../ui/WidgetCard';
import { timeText } from './format';
import { calendarMutations, calendarQueries } from './queries';
import { useCalendarRealtime } from './realtime';
import { useCalendarTexts } from './texts';
import type { Answer, CalendarEvent } from './types';
import { occurrenceKey } from './types';

/** The widget looks two weeks ahead and lists this many. */
const DAYS_AHEAD = 14;
export const EVENTS_SHOWN = 5;

/** From the start of the reader's today to two weeks later: the same key all day long. */
export function widgetRange(now = new Date()) {
  const from = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const to = new Date(from);
  to.setDate(to.getDate() + DAYS_AHEAD);
  return { from: from.toISOString(), to: to.toISOString() };
}

export function calendarWidgetQuery(clientId: string) {
  const { from, to } = widgetRange();
  return calendarQueries.range(clientId, 'mine', from, to);
}

/** Today's and the next events of the reader (spec portal §2 wall widgets), answered in place. */
export function CalendarWidget({ clientId, enabled }: { clientId: string; enabled: boolean }) {
  const { t } = useCalendarTexts();
  const query = useQuery({ ...calendarWidgetQuery(clientId), enabled: enabled && !!clientId });
  // An event changed elsewhere (moved, cancelled, an invitation) shows here without a reload.
  useCalendarRealtime(useSession().socket);
  const now = Date.now();
  const coming = (query.data ?? []).filter((event) => Date.parse(event.end) > now).slice(0, EVENTS_SHOWN);
  const todayEnd = new Date();
  todayEnd.setHours(24, 0, 0, 0);
  const today = coming.filter((event) => Date.parse(event.start) < todayEnd.getTime());
  const later = coming.filter((event) => Date.parse(event.start) >= todayEnd.getTime());
  return (
    <WidgetCard icon={<IconCalendarEvent size={16} />} color="blue" title={t('widget.title')}>
      <QueryState
        query={query}
        compactError
        loading={<Skeleton height={40} radius="md" />}
        isEmpty={() => coming.length === 0}
        empty={
          <Text size="sm" c="dimmed">
            {t('widget.empty')}
          </Text>
        }
      >
        {() => (
          <Stack gap="xs">
            {today.length > 0 && <Day title={t('widget.today')} events={today} withDate={false} />}
            {later.length > 0 && <Day title={t('widget.upcoming')} events={later} withDate />}
          </Stack>
        )}
      </QueryState>
      <Anchor component={Link} to="/calendar" size="sm">
        {t('widget.open')}
      </Anchor>
    </WidgetCard>
  );
}

function Day({ title, events, withDate }: { title: string; events: CalendarEvent[]; withDate: boolean }) {
  return (
    <div>
      <Text size="xs" fw={600} c="dimmed" tt="uppercase" mb={4}>
        {title}
      </Text>
      <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {events.map((event) => (
          <WidgetEvent key={occurrenceKey(event)} event={event} withDate={withDate} />
        ))}
      </Stack>
    </div>
  );
}

function WidgetEvent({ event, withDate }: { event: CalendarEvent; withDate: boolean }) {
  const { t, lang } = useCalendarTexts();
  const client = useQueryClient();
  const answer = useMutation({ ...calendarMutations.answer(client), onError: showError });
  const date = new Intl.DateTimeFormat(lang, { weekday: 'short', day: 'numeric', month: 'short' });
  const when = [
    withDate ? date.format(event.allDay ? new Date(`${event.date}T00:00:00`) : new Date(event.start)) : '',
    event.allDay ? t('card.allDay') : timeText(event.start, lang),
  ]
    .filter(Boolean)
    .join(', ');
  const choose = (choice: Answer) => answer.mutate({ id: event._id, answer: choice });
  return (
    <Group component="li" gap="sm" wrap="nowrap" className="hw-widget-row">
      <Box w={4} h={32} style={{ borderRadius: 2, background: event.color, flex: 'none' }} aria-hidden />
      <div style={{ minWidth: 0, flex: 1 }}>
        <Anchor
          component={Link}
          to={`/calendar?event=${event._id}`}
          size="sm"
          fw={500}
          c="var(--mantine-color-text)"
          truncate="end"
          display="block"
        >
          {event.name}
        </Anchor>
        <Text size="xs" c="dimmed" truncate="end">
          {when}
          {event.place ? ` · ${event.place}` : ''}
        </Text>
      </div>
      {event.can.answer && (
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant={event.myAnswer === 'accept' ? 'filled' : 'default'}
            color="teal"
            aria-label={t('widget.accept', { name: event.name })}
            aria-pressed={event.myAnswer === 'accept'}
            loading={answer.isPending && answer.variables?.answer === 'accept'}
            onClick={() => event.myAnswer !== 'accept' && choose('accept')}
          >
            <IconCheck size={16} />
          </ActionIcon>
          <ActionIcon
            variant={event.myAnswer === 'decline' ? 'filled' : 'default'}
            color="red"
            aria-label={t('widget.decline', { name: event.name })}
            aria-pressed={event.myAnswer === 'decline'}
            loading={answer.isPending && answer.variables?.answer === 'decline'}
            onClick={() => event.myAnswer !== 'decline' && choose('decline')}
          >
            <IconX size={16} />
          </ActionIcon>
        </Group>
      )}
    </Group>
  );
}
