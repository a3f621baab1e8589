import { EVENT_NAME_MAX, EVENT_REPEAT_INTERVAL_MAX, EVENT_REPEAT_MAX, weekdayName } from '@hallway/shared';
import {
  Alert,
  Button,
  Checkbox,
  Chip,
  ColorSwatch,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../api/client';
import { errorText, translateCode } from '../../i18n/errors';
import { DayInput, type DayInputProps } from '../../ui/DayInput';
import { showSuccess } from '../../ui/toast';
import { MembersField, type PersonChoice } from './MembersField';
import { DEFAULT_COLOR, EVENT_COLORS } from './palette';
import { calendarMutations } from './queries';
import {
  type EventErrors,
  type EventValues,
  FIELD_PARAMS,
  NAME_COUNTER_FROM,
  repeatOf,
  seriesLastDay,
  validateEvent,
  wallClock,
  weekdayOf,
} from './rules';
import { useCalendarTexts } from './texts';
import {
  type CalendarEvent,
  type EventBody,
  PERIODS,
  type Period,
  type PeriodicChanges,
  type Scope,
  WEEKDAYS,
  type Weekday,
} from './types';

export const REMINDER_CHOICES = [0, 5, 10, 15, 30, 60, 120, 1440] as const;
/** Members are reminded 10 minutes ahead unless they choose otherwise (spec portal §9). */
export const DEFAULT_REMINDERS = [10];

/** A new event's values: the next whole hour today (or the day picked), one hour long, the default colour. */
export function newEventValues(timeZone: string, pick: Partial<EventValues> = {}, now = new Date()): EventValues {
  const clock = wallClock(new Date(now.getTime() + 60 * 60_000), timeZone);
  const startTime = `${clock.time.slice(0, 2)}:00`;
  const endHour = Number(startTime.slice(0, 2)) + 1;
  const date = pick.date ?? clock.date;
  return {
    name: '',
    date,
    startTime,
    endTime: endHour > 23 ? '23:59' : `${String(endHour).padStart(2, '0')}:00`,
    endDate: '',
    allDay: false,
    color: DEFAULT_COLOR,
    description: '',
    link: '',
    place: '',
    members: [],
    departments: [],
    groups: [],
    repeats: false,
    period: 'week',
    interval: 1,
    weekdays: [weekdayOf(date)],
    ends: 'count',
    until: '',
    count: 10,
    reminders: DEFAULT_REMINDERS,
    ...pick,
  };
}

/** An event's values in the form (an occurrence's own date and times; the series' repetition). */
export function eventValues(event: CalendarEvent): EventValues {
  const repeat = event.repeat;
  return {
    name: event.name,
    date: event.date,
    startTime: event.allDay ? '' : event.startTime,
    endTime: event.allDay ? '' : event.endTime,
    endDate: event.endDate === event.date ? '' : event.endDate,
    allDay: event.allDay,
    color: event.color,
    description: event.description,
    link: event.link,
    place: event.place,
    members: (event.members ?? [])
      .filter((member) => member.via === 'person' && member.user._id !== event.organizer._id)
      .map((member) => member.user._id),
    departments: event.departments,
    groups: event.groups ?? [],
    repeats: !!repeat,
    period: repeat?.period ?? 'week',
    interval: repeat?.interval ?? 1,
    weekdays: repeat?.weekdays.length ? repeat.weekdays : [weekdayOf(event.date)],
    ends: repeat?.until ? 'until' : 'count',
    until: repeat?.until ?? '',
    count: repeat?.count ?? 10,
    reminders: event.myReminders,
  };
}

/** Which form field a server field error belongs to (`repeat` names the chosen ending). */
/** What a date field of the form is given: its `YYYY-MM-DD` value ('' for none), its change and its error. */
type DayField = Pick<DayInputProps, 'value' | 'onChange' | 'onBlur' | 'error'> & { value: string };

function fieldOf(name: string, values: EventValues): keyof EventValues | null {
  if (name === 'repeat') return values.ends === 'count' ? 'count' : 'until';
  const path = name.replace(/^repeat\./, '');
  if (path === 'departments' || path === 'groups') return 'members';
  return path in values ? (path as keyof EventValues) : null;
}

export interface Editing {
  event: CalendarEvent;
  /** For an occurrence of a repeating event: which occurrences the change applies to. */
  scope?: Scope;
}

export interface EventFormProps {
  opened: boolean;
  onClose: () => void;
  /** The zone the form's wall clock is in: the event's own, or the person's for a new one. */
  timeZone: string;
  editing?: Editing | null;
  /** A new event's start picked on the grid. */
  initial?: Partial<EventValues>;
  onSaved?: () => void;
}

/** The event form (spec portal §3 Event, §5 Events) in a modal: creates an event or edits one. */
export function EventForm(props: EventFormProps) {
  const { t } = useCalendarTexts();
  const { opened, onClose, editing } = props;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(editing ? 'form.editTitle' : 'form.createTitle')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('card.close') }}
    >
      {opened && <EventFormBody {...props} />}
    </Modal>
  );
}

function EventFormBody({ onClose, timeZone, editing, initial, onSaved }: EventFormProps) {
  const { t } = useCalendarTexts();
  const client = useQueryClient();
  const save = useMutation(calendarMutations.save(client));
  const reminding = useMutation(calendarMutations.reminders(client));
  const event = editing?.event;
  const [values, setValues] = useState<EventValues>(() =>
    event ? eventValues(event) : newEventValues(timeZone, initial),
  );
  const [known, setKnown] = useState<PersonChoice[]>(() =>
    (event?.members ?? []).map((member) => ({ value: member.user._id, label: member.user.name })),
  );
  const [touched, setTouched] = useState<Partial<Record<keyof EventValues, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<EventErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  // An edit that keeps the start where it was is not judged by the clock (the server does the same).
  const startMoved = !event || values.date !== event.date || (!values.allDay && values.startTime !== event.startTime);
  const errors = validateEvent(values, { timeZone, checkPast: startMoved });
  const errorOf = (name: keyof EventValues): string | undefined => {
    // A field left empty is only called out on submit: an error appearing on blur shifts the form under the pointer.
    const own = errors[name];
    const broken = serverErrors[name] ?? (submitted || (touched[name] && own?.code !== 'required') ? own : undefined);
    return broken ? translateCode(broken.code, broken.params) : undefined;
  };
  const set = <K extends keyof EventValues>(name: K, value: EventValues[K]) => {
    setValues((current) => {
      const next = { ...current, [name]: value };
      // Until the person picks weekdays, a weekly repetition follows the weekday of the date.
      if (name === 'date' && !touched.weekdays && typeof value === 'string' && value) {
        next.weekdays = [weekdayOf(value)];
      }
      return next;
    });
    setTouched((current) => ({ ...current, [name]: true }));
    setServerErrors((current) => ({ ...current, [name]: undefined }));
    setFormError(null);
  };
  const text = (name: 'name' | 'description' | 'link' | 'place' | 'startTime' | 'endTime') => ({
    value: values[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(name, e.currentTarget.value),
    onBlur: () => setTouched((current) => ({ ...current, [name]: true })),
    error: errorOf(name),
  });
  const day = (name: 'date' | 'endDate' | 'until'): DayField => ({
    value: values[name],
    onChange: (value) => set(name, value ?? ''),
    onBlur: () => setTouched((current) => ({ ...current, [name]: true })),
    error: errorOf(name),
  });

  const periodic = !!event?.repeat;
  // An occurrence changed alone stays one occurrence of its series: its repetition is not edited here.
  const showRepeat = event ? periodic && editing?.scope !== 'this' : true;
  const today = wallClock(new Date(), timeZone).date;

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length > 0) return;
    const body: EventBody = {
      name: values.name.trim(),
      description: values.description,
      color: values.color,
      link: values.link.trim(),
      place: values.place.trim(),
      allDay: values.allDay,
      date: values.date,
      startTime: values.allDay ? undefined : values.startTime,
      endTime: values.allDay ? undefined : values.endTime,
      endDate: values.endDate || values.date,
      timeZone: event?.timeZone ?? timeZone,
      members: values.members,
      departments: values.departments,
      groups: values.groups,
      public: event?.public ?? false,
    };
    const repeat = periodic && !showRepeat ? (event?.repeat ?? undefined) : repeatOf(values);
    if (repeat) body.repeat = repeat;
    try {
      const answer = await save.mutateAsync({
        id: event?._id,
        body,
        scope: periodic ? (editing?.scope ?? 'all') : undefined,
        occurrence: event?.occurrence,
      });
      const saved = savedEvent(answer);
      const before = event?.myReminders ?? DEFAULT_REMINDERS;
      if (saved && values.reminders.join() !== before.join()) {
        await reminding.mutateAsync({ id: saved._id, minutes: values.reminders });
      }
      showSuccess(t(event ? 'form.saved' : 'form.created'));
      onSaved?.();
      onClose();
    } catch (error) {
      const byField: EventErrors = {};
      if (isApiError(error)) {
        for (const [name, code] of Object.entries(error.fields)) {
          const field = fieldOf(name, values);
          if (field)
            byField[field] = { code, params: { ...FIELD_PARAMS[field], ...(error.params as Record<string, number>) } };
        }
      }
      if (Object.keys(byField).length) setServerErrors(byField);
      else setFormError(errorText(error));
    }
  };

  const nameLeft = EVENT_NAME_MAX - values.name.length;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('form.name')}
          withAsterisk
          maxLength={EVENT_NAME_MAX + 20}
          data-autofocus
          {...text('name')}
          description={
            values.name.length >= NAME_COUNTER_FROM
              ? t('form.counter', { left: nameLeft, max: EVENT_NAME_MAX })
              : undefined
          }
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <DayInput label={t('form.date')} withAsterisk minDate={today} {...day('date')} />
          <DayInput label={t('form.endDate')} minDate={values.date || today} clearable {...day('endDate')} />
        </SimpleGrid>
        <Checkbox
          label={t('form.allDay')}
          checked={values.allDay}
          onChange={(e) => set('allDay', e.currentTarget.checked)}
        />
        {!values.allDay && (
          <SimpleGrid cols={2} spacing="sm">
            <TextInput type="time" label={t('form.startTime')} withAsterisk {...text('startTime')} />
            <TextInput type="time" label={t('form.endTime')} withAsterisk {...text('endTime')} />
          </SimpleGrid>
        )}
        <Text size="xs" c="dimmed">
          {t('form.timeZone', { zone: event?.timeZone ?? timeZone })}
        </Text>

        <div>
          <Text size="sm" fw={500} id="hw-event-color" mb={6}>
            {t('form.color')}
          </Text>
          <Group gap={8} role="radiogroup" aria-labelledby="hw-event-color">
            {EVENT_COLORS.map((color) => {
              const checked = values.color.toLowerCase() === color.hex;
              return (
                <ColorSwatch
                  key={color.hex}
                  component="button"
                  type="button"
                  role="radio"
                  aria-checked={checked}
                  aria-label={t(`colors.${color.name}`)}
                  color={color.hex}
                  size={28}
                  onClick={() => set('color', color.hex)}
                  style={{ cursor: 'pointer', color: '#fff' }}
                >
                  {checked && <IconCheck size={16} />}
                </ColorSwatch>
              );
            })}
          </Group>
        </div>

        <Textarea label={t('form.description')} autosize minRows={2} maxRows={8} {...text('description')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput type="url" label={t('form.link')} placeholder={t('form.linkHint')} {...text('link')} />
          <TextInput label={t('form.place')} {...text('place')} />
        </SimpleGrid>

        <MembersField
          members={values.members}
          departments={values.departments}
          groups={values.groups}
          known={known}
          error={errorOf('members')}
          onMembers={(ids, chosen) => {
            setKnown((current) => [...current.filter((c) => !ids.includes(c.value)), ...chosen]);
            set('members', ids);
          }}
          onDepartments={(names) => set('departments', names)}
          onGroups={(ids) => set('groups', ids)}
        />

        {(showRepeat || !event) && (
          <RepeatFields
            values={values}
            locked={periodic}
            set={set}
            errorOf={errorOf}
            today={today}
            untilField={day('until')}
          />
        )}

        <MultiSelect
          label={t('form.reminders')}
          description={t('form.remindersHint')}
          data={REMINDER_CHOICES.map((minutes) => ({ value: String(minutes), label: t(`reminder.m${minutes}`) }))}
          value={values.reminders.map(String)}
          onChange={(chosen) =>
            set(
              'reminders',
              chosen
                .map(Number)
                .sort((a, b) => a - b)
                .slice(0, 5),
            )
          }
          maxValues={5}
          clearable
        />

        {formError && (
          <Alert color="red" role="alert" variant="light">
            {formError}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose} disabled={save.isPending}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t(event ? 'form.save' : 'form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The saved event of any answer: a created or edited one, or the first of a periodic change. */
function savedEvent(answer: CalendarEvent | PeriodicChanges): CalendarEvent | undefined {
  if ('changed' in answer) return answer.new[0] ?? answer.changed[0];
  return answer;
}

function RepeatFields({
  values,
  locked,
  set,
  errorOf,
  today,
  untilField,
}: {
  values: EventValues;
  locked: boolean;
  set: <K extends keyof EventValues>(name: K, value: EventValues[K]) => void;
  errorOf: (name: keyof EventValues) => string | undefined;
  today: string;
  untilField: DayField;
}) {
  const { t, lang } = useCalendarTexts();
  return (
    <Stack gap="sm">
      <Switch
        label={t('form.repeats')}
        checked={values.repeats}
        disabled={locked}
        onChange={(e) => set('repeats', e.currentTarget.checked)}
      />
      {values.repeats && (
        <Stack gap="sm" pl="md" style={{ borderLeft: '2px solid var(--mantine-color-default-border)' }}>
          <SimpleGrid cols={2} spacing="sm">
            <NumberInput
              label={t('form.interval')}
              min={1}
              max={EVENT_REPEAT_INTERVAL_MAX}
              value={values.interval}
              onChange={(value) => set('interval', typeof value === 'number' ? value : 1)}
            />
            <Select
              label={t('form.period')}
              data={PERIODS.map((period) => ({ value: period, label: t(`form.periods.${period}`) }))}
              value={values.period}
              onChange={(value) => value && set('period', value as Period)}
              allowDeselect={false}
              error={errorOf('period')}
            />
          </SimpleGrid>
          {values.period === 'week' && (
            <div>
              <Text size="sm" fw={500} id="hw-event-weekdays" mb={6}>
                {t('form.weekdays')}
              </Text>
              <Chip.Group
                multiple
                value={values.weekdays}
                onChange={(days) =>
                  set(
                    'weekdays',
                    WEEKDAYS.filter((day) => days.includes(day)),
                  )
                }
              >
                <Group gap={6} role="group" aria-labelledby="hw-event-weekdays">
                  {WEEKDAYS.map((day: Weekday) => (
                    <Chip key={day} value={day} size="xs" aria-label={weekdayName(day, lang)}>
                      {t(`weekdaysShort.${day}`)}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
            </div>
          )}
          <Radio.Group
            label={t('form.ends')}
            value={values.ends}
            onChange={(value) => set('ends', value as EventValues['ends'])}
          >
            <Group gap="md" mt={4}>
              <Radio value="count" label={t('form.endsCount')} />
              <Radio value="until" label={t('form.endsUntil')} />
            </Group>
          </Radio.Group>
          {values.ends === 'count' ? (
            <NumberInput
              label={t('form.count')}
              min={2}
              max={EVENT_REPEAT_MAX}
              clampBehavior="none"
              value={values.count}
              onChange={(value) => set('count', typeof value === 'number' ? value : '')}
              error={errorOf('count')}
              withAsterisk
            />
          ) : (
            <DayInput
              label={t('form.until')}
              minDate={values.date || today}
              maxDate={seriesLastDay(values.date || today)}
              withAsterisk
              {...untilField}
            />
          )}
        </Stack>
      )}
    </Stack>
  );
}
