import type { Browser, Page } from '@playwright/test';
import { apiToken, expect, PHONE, shot, signInFresh, socketIdentified, test } from './helpers';

// The demo workspace has no time zone of its own, so events are in UTC; the browsers run in UTC too, so the grid's
// days and the form's dates are the same days.
const ZONE = 'UTC';

const pad = (n: number) => String(n).padStart(2, '0');
const utcDay = (days: number) => {
  const at = new Date(Date.now() + days * 86_400_000);
  return `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`;
};

async function openAs(browser: Browser, login: string, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ viewport, locale: 'en-US', timezoneId: ZONE });
  const page = await context.newPage();
  await signInFresh(page, login);
  return { context, page };
}

async function openCalendar(page: Page) {
  await page.goto('/calendar/');
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  // A grid on a desktop, an agenda on a phone: either way the view is drawn.
  await expect(page.getByTestId('calendar').locator('.fc-view').first()).toBeVisible();
}

/** The view switch is a segmented control: a radio group whose labels are clicked. */
const chooseView = (page: Page, name: string) =>
  page.getByRole('radiogroup', { name: 'View' }).getByText(name, { exact: true }).click();

const dayCell = (page: Page, date: string) =>
  page.getByTestId('calendar').locator(`td.fc-daygrid-day[data-date="${date}"]`);

test('a weekly event made by the form shows in month and week views, moves by drag, and a member accepts it', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const anna = await openAs(browser, 'anna');
  const lukas = await openAs(browser, 'lukas');
  const name = `Design sync ${Date.now().toString(36)}`;
  const tomorrow = utcDay(1);
  const later = utcDay(2);

  await openCalendar(anna.page);
  await chooseView(anna.page, 'Month');
  await anna.page.getByRole('button', { name: 'New event' }).click();
  const form = anna.page.getByRole('dialog', { name: 'New event' });
  await form.getByLabel('Name').fill(name);
  // Refused before it is sent: a date in the past.
  await form.getByLabel(/^Date( \*)?$/).fill(utcDay(-1));
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form.getByText('The date cannot be in the past')).toBeVisible();
  await form.getByLabel(/^Date( \*)?$/).fill(tomorrow);
  await form.getByLabel(/^Start( \*)?$/).fill('10:00');
  await form.getByLabel(/^End( \*)?$/).fill('11:00');
  await form.getByLabel('Place').fill('Room 4');
  await form.getByLabel('Web-conference link').fill('https://meet.example/design');
  await form.getByRole('radio', { name: 'Teal' }).click();
  const people = form.getByLabel('People');
  await people.click();
  await people.pressSequentially('Luk');
  await anna.page.getByRole('option', { name: 'Lukas Schmidt' }).click();
  // A click elsewhere closes the people list: on the dialog's title, which the list never covers (it may open
  // upwards over the fields above it, Place among them, when the dialog has scrolled).
  await form.getByRole('heading', { name: 'New event' }).click();
  await expect(anna.page.getByRole('option', { name: 'Lukas Schmidt' })).toBeHidden();
  await form.getByRole('switch', { name: 'Repeats' }).click();
  await expect(form.getByRole('switch', { name: 'Repeats' })).toBeChecked();
  await form.getByLabel(/^Number of times( \*)?$/).fill('4');
  await shot(anna.page, 'calendar-form-desktop-light');
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form).toBeHidden();
  await expect(anna.page.getByText('Event created')).toBeVisible();

  // Month view: the first occurrence is tomorrow, the next a week later.
  await expect(dayCell(anna.page, tomorrow).getByText(name)).toBeVisible();
  await shot(anna.page, 'calendar-month-desktop-light');

  // Week view: tomorrow's week (the week starts on Monday: from a Sunday, tomorrow is next week).
  await chooseView(anna.page, 'Week');
  if (new Date().getUTCDay() === 0) await anna.page.getByRole('button', { name: 'Next' }).click();
  const weekEvent = anna.page.getByTestId('calendar').locator('.fc-timegrid-event').filter({ hasText: name });
  await expect(weekEvent).toBeVisible();
  await expect(weekEvent).toContainText('10:00');

  // Drag the first occurrence to the next day in the month view; only this occurrence moves.
  await chooseView(anna.page, 'Month');
  const source = dayCell(anna.page, tomorrow).locator('.fc-event').filter({ hasText: name });
  const target = dayCell(anna.page, later);
  const from = (await source.boundingBox())!;
  const to = (await target.boundingBox())!;
  await anna.page.mouse.move(from.x + 10, from.y + from.height / 2);
  await anna.page.mouse.down();
  await anna.page.mouse.move(from.x + 30, from.y + from.height / 2, { steps: 5 });
  await anna.page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
  await anna.page.mouse.up();
  const scope = anna.page.getByRole('dialog', { name: 'Move a repeating event' });
  await expect(scope).toBeVisible();
  await scope.getByRole('radio', { name: 'This occurrence' }).check();
  await scope.getByRole('button', { name: 'Continue' }).click();
  await expect(anna.page.getByText('Event moved')).toBeVisible();
  await expect(dayCell(anna.page, later).getByText(name)).toBeVisible();
  await expect(dayCell(anna.page, tomorrow).getByText(name)).toHaveCount(0);

  // Lukas accepts from the wall's calendar widget.
  await lukas.page.goto('/company');
  const widget = lukas.page.getByRole('region', { name: 'Calendar' });
  const accept = widget.getByRole('button', { name: `Accept ${name}` }).first();
  await expect(accept).toBeVisible();
  await accept.click();
  await expect(accept).toHaveAttribute('aria-pressed', 'true');
  await shot(lukas.page, 'calendar-widget-desktop-light');

  // The organizer's card lists his answer.
  await dayCell(anna.page, later).getByText(name).click();
  const card = anna.page.getByRole('dialog', { name });
  await expect(card.getByRole('link', { name: 'Join the web conference' })).toHaveAttribute(
    'href',
    'https://meet.example/design',
  );
  const row = card.getByRole('listitem').filter({ hasText: 'Lukas Schmidt' });
  await expect(row.getByText('Accepted')).toBeVisible();
  await shot(anna.page, 'calendar-card-desktop-light');

  await anna.context.close();
  await lukas.context.close();
});

test('month view and the form in the dark theme and on a phone', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const { token, userId } = await apiToken(request, 'sofia');
  const setTheme = (theme: 'light' | 'dark') =>
    request.put(`/api/user/${userId}`, { data: { theme }, headers: { authorization: `Bearer ${token}` } });
  expect((await setTheme('dark')).ok()).toBeTruthy();
  try {
    const dark = await openAs(browser, 'sofia');
    await expect(dark.page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await openCalendar(dark.page);
    await chooseView(dark.page, 'Month');
    await shot(dark.page, 'calendar-month-desktop-dark');
    await chooseView(dark.page, 'Year');
    await expect(dark.page.getByTestId('calendar').locator('.fc-multimonth-month')).toHaveCount(12);
    await shot(dark.page, 'calendar-year-desktop-dark');
    await dark.page.getByRole('button', { name: 'New event' }).click();
    await dark.page.getByRole('dialog', { name: 'New event' }).getByRole('switch', { name: 'Repeats' }).click();
    await shot(dark.page, 'calendar-form-desktop-dark');
    await dark.context.close();
  } finally {
    await setTheme('light');
  }

  const phone = await openAs(browser, 'sofia', PHONE);
  await openCalendar(phone.page);
  await chooseView(phone.page, 'Month');
  // A phone's month is an agenda, day by day with titles, not a grid with room for times only.
  const agenda = phone.page.getByTestId('calendar').locator('.fc-listMonth-view');
  await expect(agenda).toBeVisible();
  await expect(phone.page.getByTestId('calendar').locator('.fc-daygrid')).toHaveCount(0);
  await expect(agenda.locator('.fc-list-event-title, .fc-list-empty').first()).toBeVisible();
  await shot(phone.page, 'calendar-month-phone-light');
  const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await phone.page.getByRole('button', { name: 'New event' }).click();
  await expect(phone.page.getByRole('dialog', { name: 'New event' })).toBeVisible();
  await shot(phone.page, 'calendar-form-phone-light');
  await phone.context.close();
});

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** A `YYYY-MM-DD` day as the English interface writes it: 27 Nov 2026. */
const english = (day: string) => `${Number(day.slice(8))} ${MONTHS[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}`;

test('in English the form shows and takes its dates as 27 Nov 2026, never as mm/dd/yyyy', async ({ browser }) => {
  test.setTimeout(120_000);
  const { page, context } = await openAs(browser, 'anna');
  const name = `Date format ${Date.now().toString(36)}`;
  await openCalendar(page);
  await chooseView(page, 'Month');
  await page.getByRole('button', { name: 'New event' }).click();
  const form = page.getByRole('dialog', { name: 'New event' });
  const date = form.getByLabel(/^Date( \*)?$/);
  // The new event's day (the next whole hour's) is written the English way, not as the browser's en-US picker would.
  await expect(date).toHaveValue(/^\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}$/);
  await expect(date).not.toHaveValue(/\//);
  await expect(form.getByLabel('End date')).toHaveAttribute('placeholder', 'e.g. 27 Nov 2026');

  await form.getByLabel('Name').fill(name);
  const day = utcDay(3);
  await date.clear();
  await date.pressSequentially(english(day));
  // Its calendar opens on the typed day's month, named in English.
  const month = new Date(`${day}T12:00:00Z`).toLocaleString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: ZONE,
  });
  await expect(page.getByRole('button', { name: month, exact: true })).toBeVisible();
  await shot(page, 'calendar-form-date-en-desktop-light');
  await date.press('Tab');
  await expect(date).toHaveValue(english(day));
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(form).toBeHidden();
  await expect(page.getByText('Event created')).toBeVisible();

  if (day.slice(0, 7) !== utcDay(0).slice(0, 7)) await page.getByRole('button', { name: 'Next' }).click();
  await expect(dayCell(page, day).getByText(name)).toBeVisible();
  await context.close();
});

test("a person's calendar is drawn in their own zone whatever the browser's, and others' changes arrive live", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const yuki = await apiToken(request, 'yuki');
  const anna = await apiToken(request, 'anna');
  const as = (who: { token: string }) => ({ authorization: `Bearer ${who.token}` });
  const zone = await request.put('/api/event/settings', { data: { timeZone: 'Asia/Tokyo' }, headers: as(yuki) });
  expect(zone.ok()).toBeTruthy();
  // The day after tomorrow in Tokyo, 10:00 there (01:00 UTC, 21:00 the evening before in New York).
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', dateStyle: 'short' }).format(
    new Date(Date.now() + 2 * 86_400_000),
  );
  const name = `Tokyo sync ${Date.now().toString(36)}`;
  const body = {
    name,
    date: day,
    startTime: '10:00',
    endTime: '11:00',
    timeZone: 'Asia/Tokyo',
    members: [yuki.userId],
  };
  const created = await request.post('/api/event/', { data: body, headers: as(anna) });
  expect(created.ok(), await created.text()).toBeTruthy();
  const id = ((await created.json()) as { result: { _id: string } }).result._id;

  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: 'en-US',
    timezoneId: 'America/New_York',
  });
  const page = await context.newPage();
  const live = socketIdentified(page);
  await signInFresh(page, 'yuki');
  await openCalendar(page);
  await chooseView(page, 'Month');
  const event = dayCell(page, day).locator('.fc-event').filter({ hasText: name });
  await expect(event).toContainText('10:00');

  // Anna moves it to 14:00: Yuki's open calendar shows it without a reload (once it listens: a change sent before
  // its socket joined her rooms reaches nobody).
  await live;
  const moved = await request.put(`/api/event/${id}`, {
    data: { ...body, startTime: '14:00', endTime: '15:00' },
    headers: as(anna),
  });
  expect(moved.ok(), await moved.text()).toBeTruthy();
  await expect(event).toContainText('14:00');

  await request.delete(`/api/event/${id}`, { headers: as(anna) });
  await request.put('/api/event/settings', { data: { timeZone: null }, headers: as(yuki) });
  await context.close();
});
