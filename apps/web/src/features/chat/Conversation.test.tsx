import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import * as api from './api';
import { Conversation } from './Conversation';
import { ME, makeMsg, makeRoom, msgId, page, ROOM, renderWithSession } from './testing';

describe('Conversation', { timeout: 20_000 }, () => {
  let send: MockInstance<typeof api.sendMsg>;
  let read: MockInstance<typeof api.markRead>;
  beforeEach(() => {
    vi.spyOn(api, 'fetchRoom').mockResolvedValue(makeRoom({ unread: 1 }));
    vi.spyOn(api, 'fetchMsgs').mockResolvedValue(page([makeMsg(1, { senderId: ME, seen: true }), makeMsg(2)], 1));
    read = vi.spyOn(api, 'markRead').mockResolvedValue({ unread: 0, total: 0 });
    send = vi.spyOn(api, 'sendMsg');
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the history with its day, the "new messages" line and "seen", and reads it to the end', async () => {
    renderWithSession(<Conversation roomId={ROOM} />, {
      user: { _id: ME, client_id: 'c', fullName: 'Anna Kowalski' },
    } as never);
    expect(await screen.findByText('Message 2')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Launch team' })).toBeTruthy();
    expect(screen.getByText('3 members')).toBeTruthy();
    expect(screen.getAllByRole('separator').map((line) => line.textContent)).toEqual(['Today', 'New messages']);
    expect(screen.getByRole('img', { name: 'Seen' })).toBeTruthy();
    // Older pages are offered.
    expect(screen.getByRole('button', { name: 'Earlier messages' })).toBeTruthy();
    await waitFor(() => expect(read).toHaveBeenCalledWith(ROOM, msgId(2)));
  });

  it('shows a message at once as it is sent; a failed one is sent again with the same id of its own', async () => {
    let fail!: (error: Error) => void;
    send.mockImplementationOnce(() => new Promise((_, reject) => (fail = reject)));
    renderWithSession(<Conversation roomId={ROOM} />, {
      user: { _id: ME, client_id: 'c', fullName: 'Anna Kowalski' },
    } as never);
    await screen.findByText('Message 2');
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Lunch at one?{Enter}');
    expect(await screen.findByText('Sending…')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toBe('');
    const first = send.mock.calls[0][0];
    expect(first).toMatchObject({ roomId: ROOM, msg: 'Lunch at one?', files: [], mentions: [] });
    expect(first.local_id).toMatch(/.+/);
    fail(new Error('Network down'));
    expect(await screen.findByText('Not sent.')).toBeTruthy();
    send.mockResolvedValueOnce(makeMsg(3, { senderId: ME, content: 'Lunch at one?', local_id: first.local_id }));
    await user.click(screen.getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(screen.queryByText('Not sent.')).toBeNull());
    expect(send.mock.calls[1][0].local_id).toBe(first.local_id);
    expect(screen.getAllByText('Lunch at one?')).toHaveLength(1);
  });

  it('edits my message with its tools, and answers a colleague’s with a reply', async () => {
    const edit = vi
      .spyOn(api, 'editMsg')
      .mockResolvedValue(makeMsg(1, { senderId: ME, content: 'Message one, fixed', edited: new Date().toISOString() }));
    send.mockImplementation(async (body) =>
      makeMsg(3, {
        senderId: ME,
        content: 'Sure',
        local_id: body.local_id,
        reply_to: { _id: msgId(2), content: 'Message 2', username: 'Lukas Schmidt', deleted: false },
      }),
    );
    renderWithSession(<Conversation roomId={ROOM} />, {
      user: { _id: ME, client_id: 'c', fullName: 'Anna Kowalski' },
    } as never);
    await screen.findByText('Message 2');
    const user = userEvent.setup({ delay: null });
    const [mine, theirs] = screen.getAllByTestId('chat-msg');
    // Only my message offers editing.
    expect(within(theirs!).queryByRole('button', { name: 'Edit' })).toBeNull();
    await user.click(within(mine!).getByRole('button', { name: 'Edit' }));
    expect(screen.getByText('Editing your message')).toBeTruthy();
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.clear(box);
    await user.type(box, 'Message one, fixed{Enter}');
    expect(edit).toHaveBeenCalledWith(msgId(1), { msg: 'Message one, fixed', mentions: [] });
    expect(await screen.findByText('(edited)')).toBeTruthy();

    await user.click(within(theirs!).getByRole('button', { name: 'Reply' }));
    expect(screen.getByText('Replying to Lukas Schmidt')).toBeTruthy();
    await user.type(box, 'Sure{Enter}');
    await waitFor(() => expect(send).toHaveBeenCalled());
    expect(send.mock.calls[0][0]).toMatchObject({ msg: 'Sure', reply_to: msgId(2) });
    expect(await screen.findByText('In reply to Lukas Schmidt')).toBeTruthy();
  });
});
