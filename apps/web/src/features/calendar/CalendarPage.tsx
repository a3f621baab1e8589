import '@mantine/core/styles/Chip.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/RadioIndicator.css';
import './calendar.css';
import type { DatesSetArg, EventClickArg } from '@fullcalendar/core';
import enLocale from '@fullcalendar/core/locales/en-gb';
import ruLocale from '@fullcalendar/core/locales/ru';
import ukLocale from '@fullcalendar/core/locales/uk';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type DateClickArg } from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import luxonPlugin, { toLuxonDateTime } from '@fullcalendar/luxon3';
import multiMonthPlugin from '@fullcalendar/multimonth';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { Alert, Box, Button, Group, Loader, Paper, Stack, Title } from '@mantine/core';
import { useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { IconBuildingSkyscraper, IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../app/session/context';
import { BREAKPOINTS } from '../../app/theme';
import { errorText } from '../../i18n/errors';
import { EmptyState } from '../../ui/States';
import { showError } from '../../ui/toast';
import { EventCard } from './EventCard';
import { type Editing, EventForm } from './EventForm';
import { renderContent, useCalendarLayers, type VisibleRange } from './layers';
import { calendarQueries } from './queries';
import { useCalendarRealtime } from './realtime';
import type { EventValues } from './rules';
import { ScopeDialog } from './ScopeDialog';
import { SubscriptionPanel } from './SubscriptionPanel';
import { CalendarToolbar, VIEWS, type ViewName } from './Toolbar';
import { useCalendarTexts } from './texts';
import type { CalendarEvent, EventsScope, Scope } from './types';
import { useEventMoves } from './useEventMoves';
import { useLinkedEvent } from './useLinkedEvent';
import { pageTimeZone, zoneClock, zoneDay } from './zone';

const LOCALES = { en: enLocale, ru: ruLocale, uk: ukLocale };

/** On a phone a month or week grid has room for times only: those spans show as an agenda, day by day. */
const AGENDA: Partial<Record<ViewName, string>> = { month: 'listMonth', week: 'listWeek' };
const shownView = (name: ViewName, phone: boolean) => (phone ? AGENDA[name] : undefined) ?? VIEWS[name] ?? VIEWS.month;

/** /calendar/ (spec portal §2): year, month, week and day views of the events the person sees, and their birthdays. */
export default function CalendarPage() {
  const { t } = useCalendarTexts();
  const { client, user } = useSession();
  if (!client || !user) {
    return (
      <Stack>
        <Title order={1}>{t('title')}</Title>
        <EmptyState
          icon={<IconBuildingSkyscraper size={28} stroke={1.5} />}
          title={t('noClientTitle')}
          description={t('noClientText')}
        />
      </Stack>
    );
  }
  return <Calendar clientId={client._id} />;
}

/** A setting of the page the browser keeps. */
const useKept = <T,>(key: string, defaultValue: T) =>
  useLocalStorage<T>({ key: `hallway.${key}`, defaultValue, getInitialValueInEffect: false });

function Calendar({ clientId }: { clientId: string }) {
  const { t, lang } = useCalendarTexts();
  const { can, hasFeature, socket } = useSession();
  const client = useQueryClient();
  useCalendarRealtime(socket);
  const navigate = useNavigate();
  const calendar = useRef<FullCalendar>(null);
  const phone = useMediaQuery(`(max-width: ${BREAKPOINTS.xs})`, false, { getInitialValueInEffect: false });
  const [view, setView] = useKept<ViewName>('calendarView', 'month');
  const [scope, setScope] = useKept<EventsScope>('calendarScope', 'visible');
  const [birthdays, setBirthdays] = useKept('calendarBirthdays', true);
  const [vacations, setVacations] = useKept('calendarVacations', true);
  const [range, setRange] = useState<VisibleRange | null>(null);
  const [target, setTarget] = useState<CalendarEvent | null>(null);
  const [form, setForm] = useState<{ editing: Editing | null; initial?: Partial<EventValues> } | null>(null);
  const birthdaysOn = hasFeature('birthdays');
  const vacationsOn = hasFeature('vacations') && can('vacations');

  const settings = useQuery(calendarQueries.settings());
  const timeZone = pageTimeZone(settings.data);
  const { events, inputs, mayCreate } = useCalendarLayers({
    clientId,
    scope,
    range,
    birthdays: birthdays && birthdaysOn,
    vacations: vacationsOn && vacations,
  });
  useLinkedEvent(setTarget);

  const api = () => calendar.current?.getApi();
  const changeView = (name: ViewName) => {
    setView(name);
    api()?.changeView(shownView(name, phone));
  };
  // Turning the phone or resizing the window across the breakpoint swaps grid and agenda.
  useEffect(() => {
    calendar.current?.getApi().changeView(shownView(view, phone));
  }, [phone, view]);
  /** The instant a Date of FullCalendar (UTC-coerced wall clock in the page's zone) names. */
  const instant = (at: Date) => {
    const calendarApi = api();
    return calendarApi ? toLuxonDateTime(at, calendarApi).toJSDate() : at;
  };
  const moves = useEventMoves(instant);
  const onDatesSet = useCallback((arg: DatesSetArg) => {
    const from = toLuxonDateTime(arg.start, arg.view.calendar).toJSDate();
    const to = toLuxonDateTime(arg.end, arg.view.calendar).toJSDate();
    setRange((current) =>
      current && current.from.getTime() === from.getTime() && current.to.getTime() === to.getTime()
        ? current
        : {
            from,
            to,
            // The visible days: FullCalendar's end is exclusive, a vacation's last day inclusive.
            firstDay: zoneDay(arg.start),
            lastDay: zoneDay(new Date(arg.end.getTime() - 1)),
            title: arg.view.title,
          },
    );
  }, []);

  const onClick = (arg: EventClickArg) => {
    arg.jsEvent.preventDefault();
    const event = arg.event.extendedProps.event as CalendarEvent | undefined;
    if (event) setTarget(event);
    else if (arg.event.extendedProps.person) navigate(`/profile/${arg.event.extendedProps.person as string}`);
  };

  const onDateClick = (arg: DateClickArg) => {
    if (!mayCreate) return;
    const at = zoneClock(arg.date);
    const initial: Partial<EventValues> = arg.allDay ? { date: at.date } : { date: at.date, startTime: at.time };
    if (!arg.allDay) {
      const end = zoneClock(new Date(arg.date.getTime() + 60 * 60_000));
      initial.endTime = end.date === at.date ? end.time : '23:59';
    }
    setForm({ editing: null, initial });
  };

  const onEdit = async (event: CalendarEvent, scope?: Scope) => {
    try {
      // All occurrences are edited from the series; one or the following from this occurrence.
      const full = await client.fetchQuery(calendarQueries.event(event._id, scope === 'all' ? null : event.occurrence));
      setTarget(null);
      setForm({ editing: { event: { ...full, occurrence: event.occurrence }, scope } });
    } catch (error) {
      showError(error);
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>{t('title')}</Title>
        {mayCreate && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ editing: null })}>
            {t('toolbar.newEvent')}
          </Button>
        )}
      </Group>

      <CalendarToolbar
        title={range?.title ?? ''}
        loading={events.isFetching}
        go={(where) => api()?.[where]()}
        view={view}
        onView={changeView}
        scope={scope}
        onScope={setScope}
        vacations={{ offered: vacationsOn, on: vacations, onChange: setVacations }}
        birthdays={{ offered: birthdaysOn, on: birthdays, onChange: setBirthdays }}
      />

      {events.isError && (
        <Alert color="red" role="alert" variant="light">
          {errorText(events.error)}
        </Alert>
      )}

      <Paper withBorder radius="lg" p={{ base: 4, sm: 'sm' }} className="hw-calendar" data-testid="calendar">
        <Box>
          {/* The grid waits for the person's zone (a few ms), so it never draws and fetches twice. */}
          {settings.isPending ? (
            <Group justify="center" p="xl">
              <Loader size="sm" aria-label={t('toolbar.loading')} />
            </Group>
          ) : (
            <FullCalendar
              ref={calendar}
              plugins={[dayGridPlugin, timeGridPlugin, multiMonthPlugin, listPlugin, interactionPlugin, luxonPlugin]}
              initialView={shownView(view, phone)}
              noEventsContent={t('toolbar.noEvents')}
              headerToolbar={false}
              locales={[enLocale, ruLocale, ukLocale]}
              locale={LOCALES[lang] ?? enLocale}
              firstDay={1}
              timeZone={timeZone}
              height="auto"
              expandRows
              dayMaxEvents={phone ? 2 : 4}
              // FullCalendar draws "+N more" as an <a> without href carrying aria-expanded; as a button (it opens a
              // popover on Enter and Space) the attribute is allowed and screen readers announce it as one.
              moreLinkDidMount={({ el }) => el.setAttribute('role', 'button')}
              multiMonthMaxColumns={phone ? 1 : 3}
              slotMinTime="06:00:00"
              slotMaxTime="23:00:00"
              scrollTime="08:00:00"
              nowIndicator
              events={inputs}
              editable
              eventStartEditable
              eventDurationEditable
              eventClick={onClick}
              eventDrop={moves.onMove}
              eventResize={moves.onMove}
              dateClick={onDateClick}
              datesSet={onDatesSet}
              eventContent={renderContent}
              eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
              slotLabelFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
            />
          )}
        </Box>
      </Paper>

      <SubscriptionPanel />

      <EventCard target={target} onClose={() => setTarget(null)} onEdit={onEdit} />
      <EventForm
        opened={!!form}
        onClose={() => setForm(null)}
        timeZone={timeZone}
        editing={form?.editing}
        initial={form?.initial}
      />
      <ScopeDialog opened={moves.pending} action="move" onClose={moves.cancel} onChoose={moves.choose} />
    </Stack>
  );
}
