import type { CommentDto } from '@hallway/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LUKAS, ME, renderWithSession } from '../groups/testing';
import * as api from './api';
import { CommentThread } from './CommentThread';

const TASK = '01a1fe5d-0000-7000-8000-0000000001f1';
const anna = { _id: ME, name: 'Anna Kowalski', avatar: null, position: '' };
const lukas = { _id: LUKAS, name: 'Lukas Schmidt', avatar: null, position: '' };

function comment(n: number, overrides: Partial<CommentDto> = {}): CommentDto {
  return {
    _id: `01a1fe5d-0000-7000-8000-0000000002${String(n).padStart(2, '0')}`,
    parent: { type: 'task', id: TASK, postId: null, where: '' },
    status: 'new',
    author: anna,
    text: `Comment ${n}`,
    mentions: [],
    attachments: [],
    created: `2026-04-0${n}T10:00:00.000Z`,
    updated: `2026-04-0${n}T10:00:00.000Z`,
    likes: 0,
    reactions: { like: 0, love: 0, laugh: 0, wow: 0, sad: 0, celebrate: 0 },
    myReaction: null,
    answersCount: 0,
    can: { edit: true, delete: true },
    answers: [],
    ...overrides,
  };
}

describe('CommentThread', { timeout: 20_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows a task’s thread newest first, the form on top, and sends a comment with its mentions', async () => {
    const create = vi
      .spyOn(api, 'createComment')
      .mockResolvedValue(comment(3, { text: 'Please review', mentions: [lukas] }));
    renderWithSession(
      <CommentThread
        subject={{ type: 'task', id: TASK }}
        initial={[comment(1), comment(2)]}
        canComment
        mentions
        newestFirst
      />,
    );
    const texts = () =>
      screen.getAllByTestId('comment').map((item) => within(item).getByText(/^Comment|^Please/).textContent);
    expect(texts()).toEqual(['Comment 2', 'Comment 1']);
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('textbox', { name: 'Write a comment' }), 'Please review');
    await user.click(screen.getAllByLabelText('Mention')[0]!);
    await user.click(await screen.findByRole('option', { name: /Lukas Schmidt/ }));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[0]![0]).toEqual({
      parent: { type: 'task', id: TASK },
      text: 'Please review',
      attachments: [],
      mentions: [LUKAS],
    });
    await waitFor(() => expect(texts()).toEqual(['Please review', 'Comment 2', 'Comment 1']));
    expect(screen.getByText('@Lukas Schmidt')).toBeTruthy();
  });

  it('keeps a request’s thread oldest first with the form below, and offers no mentions', () => {
    renderWithSession(
      <CommentThread subject={{ type: 'bp', id: TASK }} initial={[comment(2), comment(1)]} canComment />,
    );
    const items = screen.getAllByTestId('comment');
    expect(within(items[0]!).getByText('Comment 1')).toBeTruthy();
    expect(screen.queryAllByLabelText('Mention')).toEqual([]);
  });
});
