import type { VacationDto } from '@hallway/shared';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '../../app/session/context';
import { SessionContext } from '../../app/session/context';
import { buildTheme } from '../../app/theme';
import { setUiLanguage } from '../../i18n';
import { VacationForm, VacationForSomeone } from './VacationForm';

// Mantine's autosizing textarea listens for web fonts; happy-dom has no FontFaceSet.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
}

/** The next Monday at least two weeks ahead, so every date below is in the future and the week is known. */
const monday = dayjs().add(14, 'day').day(8);
const day = (offset: number) => monday.add(offset, 'day');
const typed = (offset: number) => day(offset).format('DD.MM.YYYY');
const iso = (offset: number) => day(offset).format('YYYY-MM-DD');

const vacation = (overrides: Partial<VacationDto> = {}): VacationDto => ({
  _id: '01a1fe5d-2222-7000-8000-000000000001',
  user: { _id: '01a1fe5d-0000-7000-8000-000000000001', name: 'Anna Kowalski', avatar: null, position: '' },
  start: iso(14),
  end: iso(18),
  days: 5,
  status: 'approved',
  approver: null,
  decided: null,
  comment: '',
  created: new Date().toISOString(),
  can: { edit: true, delete: true, decide: false },
  ...overrides,
});

type Answer = { status: number; body: unknown };
let answers: Record<string, Answer>;
let calls: { method: string; url: string; body: unknown }[];

beforeEach(() => {
  calls = [];
  answers = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const path = url.split('?')[0];
      const answer = answers[`${method} ${path}`] ??
        (path === '/api/vacations/holidays' ? { status: 200, body: { result: [], can: { edit: false } } } : null) ?? {
          status: 500,
          body: { message: 'unexpected', code: 'server_error' },
        };
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderForm(props: Partial<Parameters<typeof VacationForm>[0]> = {}) {
  const onClose = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MantineProvider theme={buildTheme(null)} env="test">
        <VacationForm opened onClose={onClose} left={10} vacations={[]} {...props} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { onClose };
}

function enterDates(start: string, end: string) {
  const first = screen.getByRole('textbox', { name: /First day/ });
  fireEvent.change(first, { target: { value: start } });
  fireEvent.blur(first);
  const last = screen.getByRole('textbox', { name: /Last day/ });
  fireEvent.change(last, { target: { value: end } });
  fireEvent.blur(last);
}

// Mantine's date fields and the modal are heavy in happy-dom: a busy machine needs more than the default seconds.
describe('VacationForm', { timeout: 20_000 }, () => {
  it('counts the working days as the dates are chosen and sends the request', async () => {
    answers['POST /api/user/vacation'] = { status: 200, body: { result: vacation({ status: 'requested' }) } };
    const { onClose } = renderForm();
    enterDates(typed(0), typed(6)); // Monday to Sunday: five working days
    await waitFor(() => expect(screen.getByTestId('vacation-days').textContent).toBe('Working days: 5'));
    expect(screen.getByText('Left after this vacation: 5')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ start: iso(0), end: iso(6), comment: '' });
  });

  it('says inline when the vacation does not fit the balance, and sends nothing', async () => {
    renderForm({ left: 3 });
    enterDates(typed(0), typed(4));
    expect(await screen.findByText('The vacation does not fit within the balance: 3 days left')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('says inline when the dates cross another vacation of the person', async () => {
    renderForm({ vacations: [vacation({ start: iso(2), end: iso(3) })] });
    enterDates(typed(0), typed(2));
    expect(await screen.findByText('The vacation overlaps another vacation')).toBeTruthy();
  });

  it('shows the server’s refusal on its field, translated', async () => {
    answers['POST /api/user/vacation'] = {
      status: 400,
      body: { message: 'overlap', code: 'vacation_overlap', fields: { start: 'vacation_overlap' } },
    };
    const { onClose } = renderForm();
    enterDates(typed(0), typed(1));
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('The vacation overlaps another vacation')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('spells the typed date format in the person’s language', async () => {
    await setUiLanguage('ru');
    try {
      renderForm();
      for (const name of [/Первый день/, /Последний день/]) {
        expect(screen.getByRole('textbox', { name }).getAttribute('placeholder')).toBe('ДД.ММ.ГГГГ');
      }
    } finally {
      await setUiLanguage('en');
    }
  });

  it('gives back the edited vacation’s own days and leaves it out of the overlap check', async () => {
    const own = vacation({ start: iso(7), end: iso(11), days: 5 });
    answers[`PUT /api/user/vacation/${own._id}`] = { status: 200, body: { result: { ...own, end: iso(9) } } };
    const { onClose } = renderForm({ vacation: own, left: 0, vacations: [own] });
    expect(screen.getByText('A change of an approved vacation sends it for approval again.')).toBeTruthy();
    expect(screen.getByTestId('vacation-days').textContent).toBe('Working days: 5');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ _id: own._id, start: iso(7) });
  });

  it('enters a vacation for a chosen person with their balance, approved at once', async () => {
    const boris = { _id: '01a1fe5d-0000-7000-8000-000000000002', firstName: 'Boris', lastName: 'Petrov' };
    const session = {
      users: [{ ...boris, position: 'Driver', deletion_mark: false }],
      usersComplete: true,
      client: { workspace: 'demo' },
    } as unknown as Session;
    answers[`GET /api/user/${boris._id}/vacations`] = {
      status: 200,
      body: {
        result: { user: { _id: boris._id, name: 'Boris Petrov' }, balance: 28, used: 25, left: 3, vacations: [] },
        can: { create: true },
      },
    };
    answers['POST /api/user/vacation'] = { status: 200, body: { result: vacation() } };
    const onClose = vi.fn();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <SessionContext.Provider value={session}>
          <MantineProvider theme={buildTheme(null)} env="test">
            <VacationForSomeone opened onClose={onClose} />
          </MantineProvider>
        </SessionContext.Provider>
      </QueryClientProvider>,
    );
    expect(screen.getByRole('dialog', { name: 'Vacation for an employee' })).toBeTruthy();
    enterDates(typed(0), typed(1));
    fireEvent.click(screen.getByRole('button', { name: 'Enter the vacation' }));
    expect(await screen.findByText('Field is required')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.click(screen.getAllByLabelText(/Employee/)[0]);
    fireEvent.click(await screen.findByRole('option', { name: /Boris Petrov/ }));
    expect(await screen.findByText('Left after this vacation: 1')).toBeTruthy();
    expect(screen.getByText(/approved at once, and Boris Petrov is told/)).toBeTruthy();
    enterDates(typed(0), typed(4));
    expect(await screen.findByText('The vacation does not fit within the balance: 3 days left')).toBeTruthy();
    enterDates(typed(0), typed(2));
    fireEvent.click(screen.getByRole('button', { name: 'Enter the vacation' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      start: iso(0),
      end: iso(2),
      comment: '',
      user: boris._id,
    });
  });
});
