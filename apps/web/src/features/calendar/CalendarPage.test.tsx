import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, setUiLanguage, UI_LANGS } from '../../i18n';
import * as vacationsApi from '../vacations/api';
import * as api from './api';
import CalendarPage from './CalendarPage';
import { calendarEvent, fakeSocket, rangePage, renderCalendar } from './testing';

const today = new Date();
const pad = (n: number) => String(n).padStart(2, '0');
const day = `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;

describe('CalendarPage vacations layer', { timeout: 45_000 }, () => {
  let fetchVacations: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    vi.spyOn(api, 'fetchRange').mockResolvedValue(rangePage());
    vi.spyOn(api, 'fetchSettings').mockResolvedValue({
      timeZone: 'UTC',
      ownTimeZone: null,
      workspaceTimeZone: null,
      feedUrl: '',
    });
    fetchVacations = vi.spyOn(vacationsApi, 'fetchCalendarVacations').mockResolvedValue([
      {
        _id: 'v1',
        user: { _id: 'u9', name: 'Lukas Schmidt', avatar: null, position: '' },
        start: day,
        end: day,
      },
    ]);
    localStorage.clear();
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the approved vacations of the visible days with the person’s name, behind a switch', async () => {
    const user = userEvent.setup({ delay: null });
    renderCalendar(<CalendarPage />, { features: ['calendar', 'vacations'] });
    expect(await screen.findByText('Lukas Schmidt')).toBeTruthy();
    const [from, to] = fetchVacations.mock.calls[0] as [string, string];
    expect(from <= day && day <= to).toBe(true);
    const layer = screen.getByRole('switch', { name: 'Vacations' });
    await user.click(layer);
    expect(screen.queryByText('Lukas Schmidt')).toBeNull();
    // The birthdays feature is off here: no birthdays switch.
    expect(screen.queryByRole('switch', { name: 'Birthdays' })).toBeNull();
  });

  it('has no vacations layer when the vacations feature is off', async () => {
    renderCalendar(<CalendarPage />, { features: ['calendar'] });
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByRole('switch', { name: 'Vacations' })).toBeNull();
    expect(fetchVacations).not.toHaveBeenCalled();
  });
});

describe('CalendarPage heading', { timeout: 45_000 }, () => {
  beforeEach(() => {
    vi.spyOn(api, 'fetchRange').mockResolvedValue(rangePage());
    vi.spyOn(api, 'fetchSettings').mockResolvedValue({
      timeZone: 'UTC',
      ownTimeZone: null,
      workspaceTimeZone: null,
      feedUrl: '',
    });
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await setUiLanguage('en');
  });

  it.each(UI_LANGS)('says what the menu says (spec portal §2 "events") in %s', async (lang) => {
    await setUiLanguage(lang);
    renderCalendar(<CalendarPage />, { features: ['calendar'] });
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe(i18n.t('menu.calendar'));
    expect(heading.textContent).toBe({ en: 'Events', ru: 'События', uk: 'Події' }[lang]);
  });
});

describe('CalendarPage realtime', { timeout: 45_000 }, () => {
  const settings = { timeZone: 'UTC', ownTimeZone: null, workspaceTimeZone: null, feedUrl: '' };
  beforeEach(() => {
    vi.spyOn(api, 'fetchSettings').mockResolvedValue(settings);
    vi.spyOn(vacationsApi, 'fetchCalendarVacations').mockResolvedValue([]);
    localStorage.clear();
  });
  afterEach(() => vi.restoreAllMocks());

  it("refetches the visible range when someone else's change arrives, and after a reconnection", async () => {
    const planning = calendarEvent({
      _id: 'e1',
      name: 'Planning session',
      start: `${day}T12:00:00.000Z`,
      end: `${day}T13:00:00.000Z`,
    });
    const review = calendarEvent({
      _id: 'e2',
      name: 'Design review',
      start: `${day}T15:00:00.000Z`,
      end: `${day}T16:00:00.000Z`,
    });
    const fetchRange = vi.spyOn(api, 'fetchRange').mockResolvedValue(rangePage());
    const { socket, server, manager } = fakeSocket();
    const { unmount } = renderCalendar(<CalendarPage />, { features: ['calendar'], socket });
    await waitFor(() => expect(fetchRange).toHaveBeenCalled());
    expect(screen.queryByText('Planning session')).toBeNull();

    fetchRange.mockResolvedValue(rangePage([planning]));
    act(() => server.emit('event.changed', { _id: 'e1' }));
    expect(await screen.findByText('Planning session')).toBeTruthy();

    fetchRange.mockResolvedValue(rangePage([planning, review]));
    act(() => manager.emit('reconnect'));
    expect(await screen.findByText('Design review')).toBeTruthy();

    // Leaving the page stops listening.
    unmount();
    expect(server.count('event.changed')).toBe(0);
    expect(manager.count('reconnect')).toBe(0);
  });
});

describe('CalendarPage create button', { timeout: 45_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it("follows the range's can.create, not the session's rights", async () => {
    vi.spyOn(api, 'fetchSettings').mockResolvedValue({
      timeZone: 'UTC',
      ownTimeZone: null,
      workspaceTimeZone: 'UTC',
      feedUrl: '',
    });
    const standUp = calendarEvent({
      _id: 'e1',
      name: 'Stand-up',
      start: `${day}T09:00:00.000Z`,
      end: `${day}T09:30:00.000Z`,
    });
    // The test session has every right; the server says no.
    const fetchRange = vi.spyOn(api, 'fetchRange').mockResolvedValue(rangePage([standUp], false));
    const { unmount } = renderCalendar(<CalendarPage />, { features: ['calendar'] });
    expect(await screen.findByText('Stand-up', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New event' })).toBeNull();
    unmount();
    fetchRange.mockResolvedValue(rangePage([standUp], true));
    renderCalendar(<CalendarPage />, { features: ['calendar'] });
    expect(await screen.findByRole('button', { name: 'New event' }, { timeout: 10_000 })).toBeTruthy();
  });
});

describe("CalendarPage in the person's time zone", { timeout: 45_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it("draws events at the person's wall clock and asks for their zone's days, whatever the browser's zone", async () => {
    const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    // Zones without daylight saving, so their offsets are fixed: one whose wall clock differs from the browser's.
    const [zone, offset] =
      wallTime(new Date(), browserZone) === wallTime(new Date(), 'Asia/Tokyo')
        ? ['Asia/Kolkata', '+05:30']
        : ['Asia/Tokyo', '+09:00'];
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: zone, dateStyle: 'short' }).format(new Date());
    // Today at 10:00 in the person's zone, stored as an instant.
    const start = new Date(`${today}T10:00:00${offset}`);
    expect(wallTime(start, zone)).toBe('10:00');
    expect(wallTime(start, browserZone)).not.toBe('10:00');
    localStorage.clear();
    vi.spyOn(vacationsApi, 'fetchCalendarVacations').mockResolvedValue([]);
    vi.spyOn(api, 'fetchSettings').mockResolvedValue({
      timeZone: zone,
      ownTimeZone: zone,
      workspaceTimeZone: 'UTC',
      feedUrl: '',
    });
    const fetchRange = vi.spyOn(api, 'fetchRange').mockResolvedValue(
      rangePage([
        calendarEvent({
          _id: 'e1',
          name: 'Morning stand-up',
          timeZone: zone,
          start: start.toISOString(),
          end: new Date(start.getTime() + 30 * 60_000).toISOString(),
        }),
      ]),
    );
    renderCalendar(<CalendarPage />, { features: ['calendar'] });
    const title = await screen.findByText('Morning stand-up');
    const event = title.closest('.fc-event') as HTMLElement;
    expect(event.textContent).toContain('10:00');
    expect(event.textContent).not.toContain(wallTime(start, browserZone));
    // The month's first visible day starts at midnight in the person's zone.
    const from = fetchRange.mock.calls[0][2];
    expect(wallTime(new Date(from), zone)).toBe('00:00');
  });
});

function wallTime(at: Date, zone: string) {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
}
