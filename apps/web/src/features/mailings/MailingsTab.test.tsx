import type { MailingDto } from '@hallway/shared';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Session, SessionContext } from '../../app/session/context';
import { buildTheme } from '../../app/theme';
import { setUiLanguage } from '../../i18n';
import { MailingsTab } from './MailingsTab';

const birthday: MailingDto = {
  _id: '01a1fe5d-3333-7000-8000-000000000001',
  workspace: 'demo',
  action: 'birthday_greetings',
  active: true,
  schedule: '0 9 * * *',
  timeZone: 'Europe/Kyiv',
  next_run: '2026-11-26T07:00:00.000Z',
  last_run: '2026-11-25T07:00:00.000Z',
  last_result: { ok: true, count: 2 },
  target: null,
};

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

function show() {
  const session = { client: { workspace: 'demo', settings: { timeZone: 'Europe/Kyiv' } } } as unknown as Session;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider theme={buildTheme(null)} env="test">
      <Notifications />
      <QueryClientProvider client={client}>
        <SessionContext.Provider value={session}>
          <MailingsTab />
        </SessionContext.Provider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('mailings tab', { timeout: 20_000 }, () => {
  it('shows a running mailing, sets up another from a preset and stops the first', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      if (init?.method === 'POST') return json({ result: { ...birthday, _id: 'new', ...body }, started: true });
      if (init?.method === 'PUT') return json({ result: { ...birthday, ...body, next_run: null }, stopped: true });
      expect(String(input)).toContain('/api/mailing?workspace=demo');
      return json({ result: [birthday] });
    });
    show();
    const card = await screen.findByTestId('mailing-birthday_greetings');
    expect(within(card).getByText('Running')).toBeTruthy();
    expect(within(card).getByText(/Last run: .* — 2 sent/)).toBeTruthy();
    expect(screen.getByText(/in its time zone \(Europe\/Kyiv\)/)).toBeTruthy();

    const digest = screen.getByTestId('mailing-weekly_digest');
    expect(within(digest).getByText('Not set up')).toBeTruthy();
    await userEvent.click(within(digest).getByRole('button', { name: 'Set up' }));
    await userEvent.click(within(digest).getByRole('button', { name: 'Save' }));
    await screen.findByText('Mailing started');
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({
      workspace: 'demo',
      action: 'weekly_digest',
      schedule: '0 9 * * 1',
      active: true,
    });

    await userEvent.click(within(card).getByRole('switch', { name: 'Run Birthday greetings on schedule' }));
    await screen.findByText('Mailing stopped');
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(String(put[0])).toContain(`/api/mailing/${birthday._id}`);
    expect(JSON.parse(String(put[1]!.body))).toEqual({ active: false });
  });

  it('shows the server’s refusal of the export address on its field, and a custom schedule’s', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
      if (init?.method === 'POST') {
        const body = JSON.parse(String(init.body));
        return body.target.url.startsWith('https://')
          ? json({ message: 'bad', code: 'cron_invalid', fields: { schedule: 'cron_invalid' } }, 400)
          : json({ message: 'bad', code: 'export_url_invalid', fields: { 'target.url': 'export_url_invalid' } }, 400);
      }
      return json({ result: [] });
    });
    show();
    const card = await screen.findByTestId('mailing-people_export');
    await userEvent.click(within(card).getByRole('button', { name: 'Set up' }));
    await userEvent.type(within(card).getByRole('textbox', { name: /Service address/ }), 'http://mail.example');
    await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await within(card).findByText('The mailing service address must be an https URL')).toBeTruthy();

    await userEvent.click(within(card).getByRole('combobox', { name: 'When' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Custom (cron)' }));
    const cron = within(card).getByRole('textbox', { name: /Cron expression/ });
    await userEvent.clear(cron);
    await userEvent.type(cron, '* * * * *');
    const address = within(card).getByRole('textbox', { name: /Service address/ });
    await userEvent.clear(address);
    await userEvent.type(address, 'https://mail.example/import');
    await userEvent.click(within(card).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(card).getByText(/not a valid cron expression/)).toBeTruthy());
  });

  it('names the access key’s show/hide button in the person’s language', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => json({ result: [] }));
    await setUiLanguage('ru');
    try {
      show();
      const card = await screen.findByTestId('mailing-people_export');
      await userEvent.click(within(card).getByRole('button', { name: 'Настроить' }));
      expect(within(card).getByRole('button', { name: 'Показать или скрыть пароль' })).toBeTruthy();
    } finally {
      await setUiLanguage('en');
    }
  });
});
