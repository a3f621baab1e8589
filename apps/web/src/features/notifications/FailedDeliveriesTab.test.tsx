import type { NotificationFailureDto } from '@hallway/shared';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTheme } from '../../app/theme';
import { FailedDeliveriesTab } from './FailedDeliveriesTab';

const failure = (n: number, over: Partial<NotificationFailureDto> = {}): NotificationFailureDto => ({
  _id: `01a1fe5d-0000-7000-8000-0000000000${String(n).padStart(2, '0')}`,
  channel: 'slack',
  user: { _id: 'u1', name: `Person ${n}` },
  notification: { _id: `n${n}`, code: 'posts.mention' },
  attempts: 6,
  error: `HTTP 500: down ${n}`,
  failed_at: new Date(Date.UTC(2026, 10, 25, 12, n)).toISOString(),
  ...over,
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

function show() {
  return render(
    <MantineProvider theme={buildTheme(null)} env="test">
      <Notifications />
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <FailedDeliveriesTab />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('FailedDeliveriesTab', () => {
  it('lists failures with channel, person, notification and reason; a retry queues one and reloads the list', async () => {
    let retried = false;
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      if (init?.method === 'POST') {
        retried = true;
        return json({ result: { _id: failure(1)._id, status: 'pending' } });
      }
      const rows = [failure(1, { channel: 'telegram' }), failure(2, { notification: { _id: 'n2', code: 'x.other' } })];
      if (url.includes('page=1')) return json({ total: 21, result: [failure(21)] });
      return json({ total: retried ? 20 : 21, result: retried ? rows.slice(1) : rows });
    });
    show();
    const table = await screen.findByRole('table', { name: 'Failed deliveries' });
    const first = within(table).getByText('Person 1').closest('tr')!;
    expect(within(first).getByText('Telegram')).toBeTruthy();
    expect(within(first).getByText('Someone mentioned me')).toBeTruthy();
    expect(within(first).getByText('HTTP 500: down 1')).toBeTruthy();
    expect(within(first).getByText('Attempts: 6')).toBeTruthy();
    // A code without a name of its own shows as it is.
    expect(within(table).getByText('x.other')).toBeTruthy();
    expect(fetch.mock.calls[0][0]).toContain('/api/notification_failures?page=0');

    // 21 failures: a second page.
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Person 21')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Page 1' }));
    await screen.findByText('Person 1');

    await userEvent.click(screen.getByRole('button', { name: 'Retry the Telegram delivery to Person 1' }));
    await screen.findByText('Queued again');
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(String(post[0])).toContain(`/api/notification_failures/${failure(1)._id}/retry`);
    await waitFor(() => expect(screen.queryByText('Person 1')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Page 2' })).toBeNull();
  });

  it('says so when nothing failed, and shows a load error with a retry', async () => {
    let calls = 0;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => {
      calls++;
      return calls === 1
        ? json({ code: 'server_error', message: 'Error on server side', fields: {} }, 500)
        : json({ total: 0, result: [] });
    });
    show();
    expect(await screen.findByText('Error on server side')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /try again|retry/i }));
    expect(await screen.findByText('No failed deliveries')).toBeTruthy();
  });
});
