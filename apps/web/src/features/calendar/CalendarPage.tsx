import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/core/styles/Chip.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/RadioIndicator.css';
import './calendar.css';
import type { DatesSetArg, EventClickArg, EventContentArg, EventDropArg, EventInput } from '@fullcalendar/core';
import enLocale from '@fullcalendar/core/locales/en-gb';
import ruLocale from '@fullcalendar/core/locales/ru';
import ukLocale from '@fullcalendar/core/locales/uk';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type DateClickArg, type EventResizeDoneArg } from '@fullcalendar/interaction';
import luxonPlugin, { toLuxonDateTime } from '@fullcalendar/luxon3';
import multiMonthPlugin from '@fullcalendar/multimonth';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useLocalStorage, useMediaQuery } from '@mantine/hooks';
import {
  IconBeach,
  IconBuildingSkyscraper,
  IconCake,
  IconChevronLeft,
  IconChevronRight,
  IconPlus,
} from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../app/session/context';
import { BREAKPOINTS } from '../../app/theme';
import { errorText, translateCode } from '../../i18n/errors';
import { EmptyState } from '../../ui/States';
import { showError, showSuccess } from '../../ui/toast';
import { birthdaysQueries } from '../birthdays/queries';
import { vacationQueries } from '../vacations/queries';
import { fetchEvent } from './api';
import { EventCard } from './EventCard';
import { type Editing, EventForm, eventValues } from './EventForm';
import { BIRTHDAY_COLOR, VACATION_COLOR } from './palette';
import { calendarMutations, calendarQueries } from './queries';
import { useCalendarRealtime } from './realtime';
import { addDays, daysBetween, type EventValues, repeatOf, validateEvent, wallClock } from './rules';
import { ScopeDialog } from './ScopeDialog';
import { SubscriptionPanel } from './SubscriptionPanel';
import { useCalendarTexts } from './texts';
import { type CalendarEvent, type EventBody, type EventsScope, occurrenceKey, type Scope, WEEKDAYS } from './types';

const VIEWS = {
  year: 'multiMonthYear',
  month: 'dayGridMonth',
  week: 'timeGridWeek',
  day: 'timeGridDay',
} as const;
type ViewName = keyof typeof VIEWS;
const LOCALES = { en: enLocale, ru: ruLocale, uk: ukLocale };

const pad = (n: number) => String(n).padStart(2, '0');
/**
 * FullCalendar runs in the person's named zone (luxon plugin), so the Dates it hands out are "UTC-coerced": their UTC
 * fields are the zone's wall clock. The day and the time they name:
 */
const zoneDay = (at: Date) => at.toISOString().slice(0, 10);
const zoneClock = (at: Date) => ({ date: zoneDay(at), time: at.toISOString().slice(11, 16) });
/** A day as a Date at the browser's local midnight (the birthdays layer counts months that way). */
const asLocalDate = (day: string) =>
  new Date(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
/** The zone the page shows: the person's own, else the workspace's, else the browser's. */
export function pageTimeZone(settings: { ownTimeZone: string | null; workspaceTimeZone: string | null } | undefined) {
  return settings?.ownTimeZone ?? settings?.workspaceTimeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
}
/** The day after a YYYY-MM-DD day (an all-day event's exclusive end). */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The months the birthdays layer asks for: the widget's call answers a month and the next. */
export function birthdayMonths(from: Date, to: Date): string[] {
  const months: string[] = [];
  const at = new Date(from.getFullYear(), from.getMonth(), 1);
  while (at < to) {
    months.push(`${at.getFullYear()}-${pad(at.getMonth() + 1)}-01`);
    at.setMonth(at.getMonth() + 2);
  }
  return months;
}

function toInput(event: CalendarEvent): EventInput {
  const answer = event.myAnswer;
  return {
    id: occurrenceKey(event),
    title: event.name,
    start: event.allDay ? event.date : event.start,
    end: event.allDay ? addDays(event.endDate || event.date, 1) : event.end,
    allDay: event.allDay,
    backgroundColor: event.color,
    borderColor: event.color,
    textColor: '#ffffff',
    editable: event.can.edit,
    classNames: [answer === 'decline' ? 'hw-declined' : '', answer === 'none' ? 'hw-unanswered' : ''].filter(Boolean),
    extendedProps: { event },
  };
}

/** Birthdays carry a cake, vacations a beach; events keep FullCalendar's own content (time and title). */
function renderContent(arg: EventContentArg) {
  if (!arg.event.extendedProps.person) return true;
  const Icon = arg.event.extendedProps.vacation ? IconBeach : IconCake;
  return (
    <span className="hw-birthday-content">
      <Icon size={12} aria-hidden />
      <span>{arg.event.title}</span>
    </span>
  );
}

interface PendingMove {
  event: CalendarEvent;
  values: EventValues;
  revert: () => void;
}

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

function Calendar({ clientId }: { clientId: string }) {
  const { t, lang } = useCalendarTexts();
  const { can, hasFeature, socket } = useSession();
  const client = useQueryClient();
  useCalendarRealtime(socket);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const calendar = useRef<FullCalendar>(null);
  const phone = useMediaQuery(`(max-width: ${BREAKPOINTS.xs})`, false, { getInitialValueInEffect: false });
  const [view, setView] = useLocalStorage<ViewName>({
    key: 'hallway.calendarView',
    defaultValue: 'month',
    getInitialValueInEffect: false,
  });
  const [scope, setScope] = useLocalStorage<EventsScope>({
    key: 'hallway.calendarScope',
    defaultValue: 'visible',
    getInitialValueInEffect: false,
  });
  const [birthdays, setBirthdays] = useLocalStorage<boolean>({
    key: 'hallway.calendarBirthdays',
    defaultValue: true,
    getInitialValueInEffect: false,
  });
  const [range, setRange] = useState<{
    from: Date;
    to: Date;
    firstDay: string;
    lastDay: string;
    title: string;
  } | null>(null);
  const [target, setTarget] = useState<CalendarEvent | null>(null);
  const [form, setForm] = useState<{ editing: Editing | null; initial?: Partial<EventValues> } | null>(null);
  const [pendingMove, setPendingMove] = useState<PendingMove | null>(null);
  const mayCreate = can('events_create');
  const save = useMutation(calendarMutations.save(client));
  const birthdaysOn = hasFeature('birthdays');
  const vacationsOn = hasFeature('vacations') && can('vacations');
  const [vacations, setVacations] = useLocalStorage<boolean>({
    key: 'hallway.calendarVacations',
    defaultValue: true,
    getInitialValueInEffect: false,
  });

  const settings = useQuery(calendarQueries.settings());
  const timeZone = pageTimeZone(settings.data);
  const from = range?.from.toISOString() ?? '';
  const to = range?.to.toISOString() ?? '';
  const events = useQuery({ ...calendarQueries.range(clientId, scope, from, to), placeholderData: keepPreviousData });
  const months =
    range && birthdays && birthdaysOn
      ? birthdayMonths(asLocalDate(range.firstDay), new Date(asLocalDate(range.lastDay).getTime() + 1))
      : [];
  const birthdayLists = useQueries({ queries: months.map((month) => birthdaysQueries.month(clientId, month)) });
  const firstDay = range?.firstDay ?? '';
  const lastDay = range?.lastDay ?? '';
  const away = useQuery(vacationQueries.calendar(firstDay, lastDay, vacationsOn && vacations));

  // A notification links to /calendar/?event={id}: that event's card opens.
  const linked = params.get('event');
  useEffect(() => {
    if (!linked) return;
    let current = true;
    fetchEvent(linked, null)
      .then((event) => current && setTarget(event))
      .catch(showError)
      .finally(() => {
        if (!current) return;
        setParams(
          (now) => {
            now.delete('event');
            return now;
          },
          { replace: true },
        );
      });
    return () => {
      current = false;
    };
  }, [linked, setParams]);

  const inputs = useMemo(() => {
    const list = (events.data ?? []).map(toInput);
    const seen = new Set<string>();
    for (const query of birthdayLists) {
      for (const person of query.data ?? []) {
        const id = `birthday-${person._id}-${person.date}`;
        if (seen.has(id)) continue;
        seen.add(id);
        list.push({
          id,
          title: person.name,
          start: person.date,
          allDay: true,
          editable: false,
          backgroundColor: BIRTHDAY_COLOR,
          borderColor: BIRTHDAY_COLOR,
          textColor: '#ffffff',
          classNames: ['hw-birthday'],
          extendedProps: { person: person._id },
        });
      }
    }
    if (vacationsOn && vacations) {
      for (const vacation of away.data ?? []) {
        list.push({
          id: `vacation-${vacation._id}`,
          title: vacation.user.name,
          start: vacation.start,
          end: dayAfter(vacation.end),
          allDay: true,
          editable: false,
          backgroundColor: VACATION_COLOR,
          borderColor: VACATION_COLOR,
          textColor: '#ffffff',
          classNames: ['hw-vacation'],
          extendedProps: { person: vacation.user._id, vacation: vacation._id },
        });
      }
    }
    return list;
  }, [events.data, birthdayLists, away.data, vacationsOn, vacations]);

  const api = () => calendar.current?.getApi();
  const changeView = (name: ViewName) => {
    setView(name);
    api()?.changeView(VIEWS[name]);
  };
  /** The instant a Date of FullCalendar (UTC-coerced wall clock in the page's zone) names. */
  const instant = (at: Date) => {
    const calendarApi = api();
    return calendarApi ? toLuxonDateTime(at, calendarApi).toJSDate() : at;
  };
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

  /** A drag or resize: the event's new wall clock in its own zone, checked like the form, then saved. */
  const onMove = async (arg: EventDropArg | EventResizeDoneArg) => {
    const range = arg.event.extendedProps.event as CalendarEvent | undefined;
    const start = arg.event.start;
    if (!range || !start) return arg.revert();
    let full: CalendarEvent;
    try {
      full = await fetchEvent(range._id, range.occurrence);
    } catch (error) {
      arg.revert();
      return showError(error);
    }
    const values = eventValues(full);
    values.allDay = arg.event.allDay;
    if (arg.event.allDay) {
      values.date = zoneDay(start);
      const end = arg.event.end ? addDays(zoneDay(arg.event.end), -1) : values.date;
      values.endDate = end === values.date ? '' : end;
      values.startTime = '';
      values.endTime = '';
    } else {
      // The event keeps its own zone: the new instants, as its wall clock.
      const end = arg.event.end ?? new Date(start.getTime() + 60 * 60_000);
      const s = wallClock(instant(start), full.timeZone);
      const e = wallClock(instant(end), full.timeZone);
      values.date = s.date;
      values.startTime = s.time;
      values.endDate = e.date === s.date ? '' : e.date;
      values.endTime = e.time;
    }
    const errors = validateEvent(values, { timeZone: full.timeZone });
    const first = Object.values(errors)[0];
    if (first) {
      arg.revert();
      return showError(new Error(translateCode(first.code, first.params)));
    }
    if (full.repeat) setPendingMove({ event: full, values, revert: arg.revert });
    else await saveMove(full, values, undefined, arg.revert);
  };

  const saveMove = async (event: CalendarEvent, values: EventValues, scope: Scope | undefined, revert: () => void) => {
    let body = bodyOf(event, values);
    if (scope === 'all' && event.repeat) {
      // The whole series moves by as many days as this occurrence did, and keeps its weekdays' spacing.
      try {
        const series = await fetchEvent(event._id, null);
        const shift = daysBetween(event.date, values.date);
        const repeat = { ...(series.repeat ?? event.repeat) };
        repeat.weekdays = repeat.weekdays.map((day) => WEEKDAYS[(((WEEKDAYS.indexOf(day) + shift) % 7) + 7) % 7]);
        const date = addDays(series.date, shift);
        const length = daysBetween(values.date, values.endDate || values.date);
        body = {
          ...bodyOf(series, eventValues(series)),
          allDay: values.allDay,
          date,
          endDate: addDays(date, length),
          startTime: values.startTime,
          endTime: values.endTime,
          repeat,
        };
      } catch (error) {
        revert();
        return showError(error);
      }
    }
    try {
      await save.mutateAsync({ id: event._id, body, scope, occurrence: event.occurrence });
      showSuccess(t('moved'));
    } catch (error) {
      revert();
      showError(error);
    }
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

  const title = range?.title ?? '';
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

      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap={6} wrap="nowrap">
          <ActionIcon variant="default" size="lg" aria-label={t('toolbar.previous')} onClick={() => api()?.prev()}>
            <IconChevronLeft size={18} />
          </ActionIcon>
          <Button variant="default" onClick={() => api()?.today()}>
            {t('toolbar.today')}
          </Button>
          <ActionIcon variant="default" size="lg" aria-label={t('toolbar.next')} onClick={() => api()?.next()}>
            <IconChevronRight size={18} />
          </ActionIcon>
          <Text fw={600} size="lg" ml="xs" aria-live="polite" data-testid="calendar-title">
            {title}
          </Text>
          {events.isFetching && <Loader size="xs" aria-label={t('toolbar.loading')} />}
        </Group>
        <SegmentedControl
          aria-label={t('toolbar.view')}
          value={view}
          onChange={(value) => changeView(value as ViewName)}
          data={(Object.keys(VIEWS) as ViewName[]).map((name) => ({ value: name, label: t(`toolbar.${name}`) }))}
        />
      </Group>
      <Group gap="md" wrap="wrap">
        <SegmentedControl
          size="xs"
          aria-label={t('toolbar.show')}
          value={scope}
          onChange={(value) => setScope(value as EventsScope)}
          data={[
            { value: 'mine', label: t('toolbar.mine') },
            { value: 'visible', label: t('toolbar.visible') },
          ]}
        />
        {vacationsOn && (
          <Switch
            label={t('toolbar.vacations')}
            checked={vacations}
            onChange={(e) => setVacations(e.currentTarget.checked)}
          />
        )}
        {birthdaysOn && (
          <Switch
            label={t('toolbar.birthdays')}
            checked={birthdays}
            onChange={(e) => setBirthdays(e.currentTarget.checked)}
          />
        )}
      </Group>

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
              plugins={[dayGridPlugin, timeGridPlugin, multiMonthPlugin, interactionPlugin, luxonPlugin]}
              initialView={VIEWS[view] ?? VIEWS.month}
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
              eventDrop={onMove}
              eventResize={onMove}
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
      <ScopeDialog
        opened={!!pendingMove}
        action="move"
        onClose={() => {
          pendingMove?.revert();
          setPendingMove(null);
        }}
        onChoose={(chosen) => {
          const move = pendingMove;
          setPendingMove(null);
          if (move) void saveMove(move.event, move.values, chosen, move.revert);
        }}
      />
    </Stack>
  );
}

/** The body of a save from an event and its (moved) values; members and the rest stay as they were. */
function bodyOf(event: CalendarEvent, values: EventValues): EventBody {
  const body: EventBody = {
    name: event.name,
    description: event.description,
    color: event.color,
    link: event.link,
    place: event.place,
    allDay: values.allDay,
    date: values.date,
    startTime: values.allDay ? undefined : values.startTime,
    endTime: values.allDay ? undefined : values.endTime,
    endDate: values.endDate || values.date,
    timeZone: event.timeZone,
    members: values.members,
    departments: values.departments,
    groups: values.groups,
    public: event.public,
  };
  const repeat = event.repeat ? (repeatOf(values) ?? event.repeat) : undefined;
  if (repeat) body.repeat = repeat;
  return body;
}
