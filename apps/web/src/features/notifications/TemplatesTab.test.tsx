import type { NotifTemplateDto } from '@hallway/shared';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTheme } from '../../app/theme';
import { TemplatesTab } from './TemplatesTab';

const shipped = (lang: NotifTemplateDto['lang']): NotifTemplateDto => ({
  _id: null,
  code: 'posts.mention',
  lang,
  name: '',
  title: '{actor} mentioned you',
  short: '{text}',
  full: '',
  variables: ['actor', 'text'],
  custom: false,
});

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
afterEach(() => vi.restoreAllMocks());

describe('TemplatesTab', () => {
  it('previews the edited texts with sample values as text, then creates the template (no _id yet)', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.endsWith('/preview'))
        return json({ result: { title: 'Hi from Anna <b>Kowalski</b>', short: 'Welcome', full: 'Welcome' } });
      if (init?.method === 'POST')
        return json({ result: { ...shipped('en'), _id: 't1', custom: true, title: 'Hi from {actor}' } });
      if (url.includes('/api/notif_template/')) return json({ result: [shipped('ru'), shipped('ua'), shipped('en')] });
      return json({ result: [{ code: 'posts.mention', custom: [] }] });
    });
    render(
      <MantineProvider theme={buildTheme(null)} env="test">
        <Notifications />
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <TemplatesTab />
        </QueryClientProvider>
      </MantineProvider>,
    );
    const title = await screen.findByRole('textbox', { name: /Title/ });
    expect((title as HTMLInputElement).value).toBe('{actor} mentioned you');
    await userEvent.clear(title);
    await userEvent.type(title, 'Hi from {{actor}');
    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    // The sample name's markup is shown as text, never as HTML.
    expect(await screen.findByText('Hi from Anna <b>Kowalski</b>')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save template' }));
    await screen.findByText('Template saved');
    const post = fetch.mock.calls.find(
      ([url, init]) => init?.method === 'POST' && String(url).endsWith('/api/notif_template'),
    )!;
    expect(JSON.parse(String(post[1]!.body))).toMatchObject({
      code: 'posts.mention',
      lang: 'en',
      title: 'Hi from {actor}',
    });
    expect(await screen.findByRole('button', { name: 'Restore shipped' })).toBeTruthy();
  });
});
