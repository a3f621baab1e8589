import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import * as groupsApi from '../groups/api';
import * as api from './api';
import { EventForm } from './EventForm';
import { wallClock } from './rules';
import { PEOPLE, renderCalendar } from './testing';
import type { CalendarEvent, EventBody } from './types';

const [, lukas] = PEOPLE;
const ZONE = 'Europe/Kyiv';

/** A date some days from today in the form's zone. */
function dayFromToday(days: number): string {
  return wallClock(new Date(Date.now() + days * 86_400_000), ZONE).date;
}

function setup(props: Partial<Parameters<typeof EventForm>[0]> = {}) {
  const onClose = vi.fn();
  const utils = renderCalendar(<EventForm opened onClose={onClose} timeZone={ZONE} {...props} />);
  const user = userEvent.setup({ delay: null });
  // A required field's label ends with Mantine's asterisk.
  const field = (label: string) =>
    screen.getByLabelText(new RegExp(`^${label}( \\*)?$`), { selector: 'input, textarea' });
  const submit = () => user.click(screen.getByRole('button', { name: 'Create' }));
  return { ...utils, user, onClose, field, submit };
}

/** Picks a person in the members' search. */
async function addMember(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByLabelText(/^People/, { selector: 'input' }));
  await user.click(await screen.findByRole('option', { name }));
}

describe('EventForm', { timeout: 45_000 }, () => {
  let createEvent: ReturnType<typeof vi.spyOn>;
  let fetchGroups: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    // The groups the person may read (`GET api/group/byClient/{id}`).
    fetchGroups = vi.spyOn(groupsApi, 'fetchClientGroups').mockResolvedValue({
      result: [
        { _id: 'g1', name: 'Runners' },
        { _id: 'g2', name: 'Book club' },
      ],
      page: 0,
      pages: 1,
      total: 2,
    } as unknown as Awaited<ReturnType<typeof groupsApi.fetchClientGroups>>);
    createEvent = vi
      .spyOn(api, 'createEvent')
      .mockImplementation(async (body: EventBody) => ({ _id: 'e1', ...body }) as unknown as CalendarEvent);
  });
  afterEach(() => vi.restoreAllMocks());

  it('refuses an empty form field by field and sends nothing', async () => {
    const { user, field, submit } = setup();
    await user.clear(field('Date'));
    await submit();
    expect(within(field('Name').closest('.mantine-InputWrapper-root') as HTMLElement).getByText('Field is required'));
    expect(
      within(field('Date').closest('.mantine-InputWrapper-root') as HTMLElement).getByText('Field is required'),
    ).toBeTruthy();
    expect(createEvent).not.toHaveBeenCalled();
  });

  it('creates an event of the person alone: no other participant is needed', async () => {
    const { user, field, submit } = setup();
    expect(screen.getByText('You take part yourself; invite people, whole departments or groups')).toBeTruthy();
    await user.type(field('Name'), 'Focus time');
    await submit();
    await waitFor(() => expect(createEvent).toHaveBeenCalledTimes(1));
    expect(createEvent.mock.calls[0][0]).toMatchObject({
      name: 'Focus time',
      members: [],
      departments: [],
      groups: [],
    });
  });

  it('wants a name of more than 5 and at most 100 characters, counting down near the limit', async () => {
    const { user, field, submit } = setup();
    await user.type(field('Name'), 'Stand');
    await submit();
    expect(screen.getByText('The name must be longer than 5 characters')).toBeTruthy();
    await user.type(field('Name'), 'up meeting');
    expect(screen.queryByText('The name must be longer than 5 characters')).toBeNull();
    expect(screen.queryByText(/\/ 100$/)).toBeNull();
    await user.clear(field('Name'));
    await user.click(field('Name'));
    await user.paste('x'.repeat(95));
    expect(screen.getByText('5 / 100')).toBeTruthy();
    await user.paste('y'.repeat(10));
    expect(screen.getByText('-5 / 100')).toBeTruthy();
    expect(screen.getByText('At most 100 characters')).toBeTruthy();
  });

  it('refuses a date in the past, a time already passed today and an end before the start', async () => {
    const { user, field, submit } = setup();
    await user.type(field('Name'), 'Planning session');
    await addMember(user, 'Lukas Schmidt');
    await user.clear(field('Date'));
    await user.type(field('Date'), dayFromToday(-2));
    await submit();
    expect(screen.getByText('The date cannot be in the past')).toBeTruthy();

    await user.clear(field('Date'));
    await user.type(field('Date'), dayFromToday(0));
    await user.clear(field('Start'));
    await user.type(field('Start'), '00:00');
    await user.clear(field('End'));
    await user.type(field('End'), '00:01');
    // Unless the test runs in the first minute of the day in Kyiv, midnight has passed.
    if (wallClock(new Date(), ZONE).time > '00:00') {
      expect(screen.getByText('This time has already passed today')).toBeTruthy();
    }

    await user.clear(field('Date'));
    await user.type(field('Date'), dayFromToday(3));
    await user.clear(field('Start'));
    await user.type(field('Start'), '15:00');
    await user.clear(field('End'));
    await user.type(field('End'), '14:00');
    expect(screen.getByText('The end must be after the start')).toBeTruthy();
    expect(createEvent).not.toHaveBeenCalled();

    await user.clear(field('End'));
    await user.type(field('End'), '16:30');
    await submit();
    await waitFor(() => expect(createEvent).toHaveBeenCalledTimes(1));
    const body = createEvent.mock.calls[0][0] as EventBody;
    expect(body).toMatchObject({
      name: 'Planning session',
      date: dayFromToday(3),
      startTime: '15:00',
      endTime: '16:30',
      endDate: dayFromToday(3),
      timeZone: ZONE,
      members: [lukas._id],
      departments: [],
      allDay: false,
      color: '#1971c2',
    });
    expect(body.repeat).toBeUndefined();
  });

  it('asks a web-conference link to be an https address', async () => {
    const { user, field, submit } = setup();
    await user.type(field('Web-conference link'), 'meet.example');
    await submit();
    expect(screen.getByText('The link must be a valid URL')).toBeTruthy();
    await user.clear(field('Web-conference link'));
    await user.type(field('Web-conference link'), 'https://meet.example/abc');
    expect(screen.queryByText('The link must be a valid URL')).toBeNull();
  });

  it('builds a weekly repetition: weekdays, then an end by count greater than one or by date', async () => {
    // A Monday a week or more ahead.
    const offset = [7, 8, 9, 10, 11, 12, 13].find(
      (days) => new Date(`${dayFromToday(days)}T00:00:00Z`).getUTCDay() === 1,
    )!;
    const monday = dayFromToday(offset);
    const { user, field, submit } = setup({ initial: { date: monday } });
    await user.type(field('Name'), 'Weekly sync');
    await user.click(screen.getByRole('radio', { name: 'Teal' }));
    await user.click(field('Departments'));
    await user.click(await screen.findByRole('option', { name: 'Engineering' }));
    await user.click(screen.getByRole('switch', { name: 'Repeats' }));
    // Monday, the weekday of the date, is chosen; Wednesday and Friday are added.
    await user.click(screen.getByRole('checkbox', { name: 'Wednesday' }));
    await user.click(screen.getByRole('checkbox', { name: 'Friday' }));
    await user.clear(field('Number of times'));
    await user.type(field('Number of times'), '1');
    await submit();
    expect(screen.getByText('The number of repetitions must be greater than one')).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: 'On date' }));
    await submit();
    expect(screen.getByText('Choose an end date or a number of repetitions')).toBeTruthy();
    await user.type(field('Last date'), dayFromToday(3));
    expect(screen.getByText('The end date of the repetition must not be before the start')).toBeTruthy();
    await user.clear(field('Last date'));
    await user.type(field('Last date'), dayFromToday(60));
    expect(createEvent).not.toHaveBeenCalled();
    await submit();
    await waitFor(() => expect(createEvent).toHaveBeenCalledTimes(1));
    const body = createEvent.mock.calls[0][0] as EventBody;
    expect(body.repeat).toEqual({
      period: 'week',
      interval: 1,
      weekdays: ['MO', 'WE', 'FR'],
      until: dayFromToday(60),
      count: null,
    });
    expect(body).toMatchObject({ departments: ['Engineering'], members: [], color: '#087f5b' });
  });

  it('repeats on the weekday of the date until other weekdays are picked', async () => {
    const { user, field } = setup({ initial: { date: dayFromToday(7) } });
    await user.click(screen.getByRole('switch', { name: 'Repeats' }));
    const long = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
    const weekdayName = (date: string) => long[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7];
    const checked = () =>
      long.filter((day) => (screen.getByRole('checkbox', { name: day }) as HTMLInputElement).checked);
    expect(checked()).toEqual([weekdayName(dayFromToday(7))]);
    await user.clear(field('Date'));
    await user.type(field('Date'), dayFromToday(8));
    expect(checked()).toEqual([weekdayName(dayFromToday(8))]);
  });

  it('shows the server’s field errors on their fields, translated', async () => {
    createEvent.mockRejectedValue(
      new ApiError(400, { message: 'Validation error', code: 'validation', fields: { members: 'member_unknown' } }),
    );
    const { user, field, submit } = setup();
    await user.type(field('Name'), 'All hands meeting');
    await addMember(user, 'Tom Becker');
    await submit();
    expect(await screen.findByText('Some participants are not people of this workspace')).toBeTruthy();
  });

  it('invites the groups picked from those the person may read', async () => {
    const { user, field, submit } = setup();
    await user.type(field('Name'), 'Evening run together');
    await user.click(screen.getByLabelText('Groups', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Runners' }));
    expect(fetchGroups).toHaveBeenCalled();
    await submit();
    await waitFor(() => expect(createEvent).toHaveBeenCalledTimes(1));
    expect(createEvent.mock.calls[0][0]).toMatchObject({ groups: ['g1'], members: [], departments: [] });
  });
});
