import type { MessengerSettingsDto, NotificationSettingsDto, PersonalMessengersDto } from '@hallway/shared';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Session, SessionContext } from '../../app/session/context';
import { buildTheme } from '../../app/theme';
import { setUiLanguage } from '../../i18n';
import { MailCheckTab } from './MailCheckTab';
import { WorkspaceMessengersForm } from './MessengerForms';
import { PersonNotificationsTab, WorkspaceNotificationsTab } from './SettingsTabs';

const ME = '01a1fe5d-0000-7000-8000-000000000001';
const CLIENT = '01a1fe5d-0000-7000-8000-0000000000c1';

const matrix = (userId: string | null, mention: string[]): NotificationSettingsDto => ({
  user_id: userId,
  client_id: CLIENT,
  notifications: [
    { name: 'posts.mention', section: 'posts', channel: mention, default: ['center', 'system'] },
    { name: 'users.follower', section: 'other', channel: ['center'], default: ['center'] },
  ],
});

function show(ui: ReactElement) {
  const session = { user: { _id: ME, client_id: CLIENT }, client: { _id: CLIENT } } as unknown as Session;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider theme={buildTheme(null)} env="test">
      <Notifications />
      <QueryClientProvider client={client}>
        <SessionContext.Provider value={session}>{ui}</SessionContext.Provider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

const unset = { set: false, last4: null };
const personal = (over: Partial<PersonalMessengersDto> = {}): PersonalMessengersDto => ({
  teams_url: unset,
  slack_url: unset,
  telegram_linked: false,
  telegram_available: true,
  ...over,
});

afterEach(() => vi.restoreAllMocks());

describe('notification settings', () => {
  it("saves a person's overrides: the changed cell, every row, the answer shown", async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      if (String(input).includes('/api/user/messengers/')) return json({ result: personal() });
      if (init?.method === 'PUT') return json({ result: matrix(ME, ['center', 'system', 'email']) });
      return json({ result: matrix(ME, ['center', 'system']) });
    });
    show(<PersonNotificationsTab person={{ _id: ME }} />);
    const email = await screen.findByRole('checkbox', { name: 'Someone mentioned me: E-mail' });
    expect((email as HTMLInputElement).checked).toBe(false);
    expect(fetch.mock.calls.some(([url]) => String(url).includes(`/api/user/notifications/${ME}`))).toBe(true);
    const save = screen.getByRole('button', { name: 'Save' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(email);
    await userEvent.click(save);
    await screen.findByText('Notification settings saved');
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({
      user_id: ME,
      notifications: [
        { name: 'posts.mention', channel: ['center', 'system', 'email'] },
        { name: 'users.follower', channel: ['center'] },
      ],
    });
    await waitFor(() => expect((email as HTMLInputElement).checked).toBe(true));
  });

  it('restores the defaults of the workspace matrix and shows a refusal', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
      if (init?.method === 'PUT') return json({ code: 'no_access', message: 'No access', fields: {} }, 403);
      return json({ result: matrix(null, ['email']) });
    });
    show(<WorkspaceNotificationsTab />);
    const popup = await screen.findByRole('checkbox', { name: 'Someone mentioned me: Popup' });
    expect((popup as HTMLInputElement).checked).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Restore defaults' }));
    expect((popup as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('No access')).toBeTruthy();
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body)).client_id).toBe(CLIENT);
    expect(fetch.mock.calls[0][0]).toContain(`/api/user/notifications/client/${CLIENT}`);
  });
});

describe('messenger settings', () => {
  it('links Telegram with a one-time code and shows a refused webhook under its field', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.endsWith('/telegram_code'))
        return json({ result: { code: '12345678', expires: new Date(Date.now() + 900_000).toISOString() } });
      if (url.endsWith('/api/user/messengers') && init?.method === 'PUT')
        return json(
          { code: 'validation', message: 'Validation error', fields: { slack_url: 'webhook_url_invalid' } },
          400,
        );
      if (url.includes('/api/user/messengers/')) return json({ result: personal() });
      return json({ result: matrix(ME, ['center']) });
    });
    show(<PersonNotificationsTab person={{ _id: ME }} />);
    expect(await screen.findByText('Telegram is not linked.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Get a link code' }));
    expect(await screen.findByText('Send this to the workspace’s bot within 15 minutes: /start 12345678')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: 'My Slack webhook' }), 'http://hooks.example/x');
    await userEvent.click(screen.getByRole('button', { name: 'Save messengers' }));
    expect(await screen.findByText('The webhook address must be an https:// URL')).toBeTruthy();
    const put = fetch.mock.calls.find(([url, init]) => init?.method === 'PUT' && String(url).endsWith('/messengers'))!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({ slack_url: 'http://hooks.example/x' });
  });

  it("shows whether the workspace's secrets are set by their end only; saves a new one and a removal", async () => {
    const stored: MessengerSettingsDto = {
      telegram_token: { set: true, last4: 'abcd' },
      teams_url: { set: true, last4: 'hook' },
      slack_url: unset,
      telegram_webhook: 'https://hallway.example/api/telegram/webhook/secret',
    };
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
      if (init?.method === 'PUT')
        return json({ result: { ...stored, teams_url: unset, slack_url: { set: true, last4: '/new' } } });
      return json({ result: stored });
    });
    show(<WorkspaceMessengersForm />);
    const token = await screen.findByLabelText('Telegram bot token');
    expect((token as HTMLInputElement).value).toBe('');
    expect(screen.getAllByText(/Set, ends with …abcd/).length).toBe(1);
    expect(fetch.mock.calls[0][0]).toContain(`/api/notification_channels/${CLIENT}`);
    const save = screen.getByRole('button', { name: 'Save messengers' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(screen.getByRole('textbox', { name: 'Slack incoming webhook' }), 'https://hooks.example/new');
    await userEvent.click(screen.getByRole('button', { name: 'Remove Microsoft Teams incoming webhook' }));
    await userEvent.click(save);
    await screen.findByText('Messenger settings saved');
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({ slack_url: 'https://hooks.example/new', teams_url: '' });
    expect(await screen.findByText(/Set, ends with …\/new/)).toBeTruthy();
  });

  it('names the secrets’ show/hide buttons in the person’s language', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      json({ result: { telegram_token: unset, teams_url: unset, slack_url: unset, telegram_webhook: null } }),
    );
    await setUiLanguage('ru');
    try {
      show(<WorkspaceMessengersForm />);
      expect((await screen.findAllByRole('button', { name: 'Показать или скрыть пароль' })).length).toBeGreaterThan(0);
    } finally {
      await setUiLanguage('en');
    }
  });
});

describe('mail check', () => {
  it('sends a test mail and shows its status; lists the outbox', async () => {
    const mail = {
      _id: 'm1',
      to: 'ops@example.test',
      subject: 'Hallway: test mail',
      status: 'failed',
      error: 'connect ECONNREFUSED',
      created: new Date().toISOString(),
      sent_at: null,
    };
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
      if (init?.method === 'POST') return json({ result: mail });
      return json({ result: [mail], next: null });
    });
    show(<MailCheckTab />);
    expect(await screen.findByRole('table', { name: 'Outbox' })).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: /Send to/ }), 'ops@example.test');
    await userEvent.click(screen.getByRole('button', { name: 'Send a test mail' }));
    expect(await screen.findByText('The test mail to ops@example.test could not be sent.')).toBeTruthy();
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({ to: 'ops@example.test' });
    expect(screen.getAllByText('Failed').length).toBeGreaterThan(0);
  });
});
