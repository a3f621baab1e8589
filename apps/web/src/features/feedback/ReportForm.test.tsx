import type { FeedbackItem } from '@hallway/shared/feedback';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ME, renderWithSession } from '../groups/testing';
import * as api from './api';
import { ReportForm } from './ReportForm';

const item = (overrides: Partial<FeedbackItem> = {}): FeedbackItem => ({
  _id: '4c1b6a4e-0000-4000-8000-0000000000a1',
  kind: 'report',
  title: '',
  description: 'Keys are copied',
  attachments: [],
  status: 'new',
  anonymous: true,
  author_name: '',
  author: null,
  date: '2026-11-29',
  messages: 0,
  can: { status: false, reply: false },
  ...overrides,
});

const session = { user: { _id: ME, client_id: 'c', firstName: 'Anna', lastName: 'Kowalski' } } as never;

describe('ReportForm', { timeout: 20_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('sends anonymously by default, without a name, and shows the follow-up code once', async () => {
    const send = vi.spyOn(api, 'sendReport').mockResolvedValue({ item: item(), code: 'ABCDE-FGHJK-MNPQR-STUVW' });
    renderWithSession(<ReportForm onSigned={() => undefined} />, session);
    expect(screen.queryByRole('textbox', { name: 'Your name' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Send the report' }));
    expect(await screen.findByText('Describe in detail what happened')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
    await userEvent.type(screen.getByRole('textbox', { name: 'What happened' }), 'Keys are copied');
    await userEvent.click(screen.getByRole('button', { name: 'Send the report' }));
    await waitFor(() =>
      expect(send).toHaveBeenCalledWith({
        anonymous: true,
        author_name: '',
        description: 'Keys are copied',
        attachments: [],
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Keep this code' });
    expect(dialog.textContent).toContain('ABCDE-FGHJK-MNPQR-STUVW');
  });

  it('signed: the person’s own name, which may not be left empty', async () => {
    const signed = vi.fn();
    const send = vi
      .spyOn(api, 'sendReport')
      .mockResolvedValue({ item: item({ anonymous: false, author_name: 'Anna K.' }), code: null });
    renderWithSession(<ReportForm onSigned={signed} />, session);
    await userEvent.click(screen.getByRole('radio', { name: 'With my name' }));
    const name = screen.getByRole('textbox', { name: 'Your name' });
    expect((name as HTMLInputElement).value).toBe('Anna Kowalski');
    await userEvent.clear(name);
    await userEvent.type(screen.getByRole('textbox', { name: 'What happened' }), 'A blocked exit');
    await userEvent.click(screen.getByRole('button', { name: 'Send the report' }));
    expect(await screen.findByText('Sign with your name or choose “Anonymously”')).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
    await userEvent.type(name, 'Anna K.');
    await userEvent.click(screen.getByRole('button', { name: 'Send the report' }));
    await waitFor(() => expect(signed).toHaveBeenCalled());
    expect(send).toHaveBeenCalledWith({
      anonymous: false,
      author_name: 'Anna K.',
      description: 'A blocked exit',
      attachments: [],
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
