import type { CreatePostBody, PostDto } from '@hallway/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDay } from '../../i18n/dates';
import * as api from './api';
import { Composer } from './Composer';
import { wallKeys } from './cache';
import { wallEventHandlers } from './realtime';
import { ScheduledPosts } from './ScheduledPosts';
import { CLIENT, ME, makePost, renderWall } from './testing';

/** A local `YYYY-MM-DDTHH:mm` `hours` from now. */
function localIn(hours: number) {
  const d = new Date(Date.now() + hours * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Types a moment into a "publication time" pair: its day the English way (27 Nov 2026), then its time. */
async function enterMoment(where: HTMLElement, at: string) {
  const group = await within(where).findByRole('group', { name: 'Publication time' });
  const day = within(group).getByRole('textbox', { name: 'Date' });
  await userEvent.setup({ delay: null }).clear(day);
  await userEvent.setup({ delay: null }).type(day, formatDay(at.slice(0, 10), 'en'));
  fireEvent.blur(day);
  fireEvent.change(within(group).getByLabelText('Time'), { target: { value: at.slice(11) } });
}

describe('scheduled posts', { timeout: 20_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('are written with a publication time and join the own scheduled list, not the feed', async () => {
    const create = vi
      .spyOn(api, 'createPost')
      .mockImplementation(async (body) => makePost({ text: body.text, publishAt: body.publishAt ?? null }));
    vi.spyOn(api, 'fetchScheduled').mockResolvedValue([]);
    const published: PostDto[] = [];
    renderWall(
      <>
        <Composer feed="company" onPublished={(post) => published.push(post)} />
        <ScheduledPosts />
      </>,
    );
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('textbox', { name: 'New post' }), 'Town hall on Monday');
    await user.click(screen.getByRole('button', { name: 'Set a publication time' }));
    // No time chosen yet: the composer asks for one instead of sending.
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a time in the future');
    expect(create).not.toHaveBeenCalled();

    const at = localIn(3);
    await enterMoment(document.body, at);
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    const body = create.mock.calls[0][0] as CreatePostBody;
    expect(body.publishAt).toBe(new Date(at).toISOString());
    expect(published).toEqual([]);
    const list = await screen.findByRole('region', { name: 'Your scheduled posts' });
    expect(within(list).getByText('Town hall on Monday')).toBeTruthy();
    expect(within(list).getByText(/^Scheduled for /)).toBeTruthy();
  });

  it('can be cancelled, and leave the list when the job publishes them', async () => {
    const first = makePost({ text: 'First later', publishAt: new Date(Date.now() + 3_600_000).toISOString() });
    const second = makePost({ text: 'Second later', publishAt: new Date(Date.now() + 7_200_000).toISOString() });
    vi.spyOn(api, 'fetchScheduled').mockResolvedValue([first, second]);
    const cancel = vi.spyOn(api, 'cancelScheduled').mockResolvedValue(undefined);
    const { client } = renderWall(<ScheduledPosts />);
    const list = await screen.findByRole('region', { name: 'Your scheduled posts' });
    expect(within(list).getAllByRole('article')).toHaveLength(2);

    const [firstCard] = within(list).getAllByRole('article');
    await userEvent.setup({ delay: null }).click(within(firstCard).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(cancel).toHaveBeenCalledWith(first._id));
    await waitFor(() => expect(screen.queryByText('First later')).toBeNull());

    const reader = { userId: ME, follows: () => false };
    const handlers = wallEventHandlers(client, reader, { company: CLIENT, user: ME, group: '' });
    await act(async () => handlers['post.created']({ ...second, publishAt: null }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Your scheduled posts' })).toBeNull());
    expect(client.getQueryData(wallKeys.scheduled)).toEqual([]);
  });

  it('can be edited: new text and time are saved, or the post is published now', async () => {
    const first = makePost({
      text: 'Draft announcement',
      publishAt: new Date(Date.now() + 3_600_000).toISOString(),
      can: { edit: true, delete: true, mustRead: false, pin: false },
    });
    const second = makePost({
      text: 'Another one',
      publishAt: new Date(Date.now() + 7_200_000).toISOString(),
      can: { edit: true, delete: true, mustRead: false, pin: false },
    });
    vi.spyOn(api, 'fetchScheduled').mockResolvedValue([first, second]);
    const update = vi
      .spyOn(api, 'updateScheduled')
      .mockImplementation(async (id, body) =>
        makePost({ _id: id, text: body.text ?? '', doc: body.doc ?? null, publishAt: body.publishAt ?? null }),
      );
    renderWall(<ScheduledPosts />);
    const user = userEvent.setup({ delay: null });
    const list = await screen.findByRole('region', { name: 'Your scheduled posts' });
    const [card] = within(list).getAllByRole('article');
    await user.click(within(card).getByRole('button', { name: 'Edit' }));
    const editor = await within(card).findByRole('textbox', { name: 'Edit' }, { timeout: 15_000 });
    await waitFor(() => expect(editor.textContent).toBe('Draft announcement'));
    const at = localIn(5);
    await enterMoment(card, at);
    await user.click(within(card).getByRole('button', { name: 'Bold (Ctrl+B)' }));
    await user.click(within(card).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update.mock.calls[0][0]).toBe(first._id);
    expect(update.mock.calls[0][1]).toMatchObject({
      text: 'Draft announcement',
      publishAt: new Date(at).toISOString(),
    });
    expect(update.mock.calls[0][1].doc?.content[0].type).toBe('paragraph');
    await waitFor(() => expect(within(list).queryByRole('textbox', { name: 'Edit' })).toBeNull());

    // Publish now: it leaves the scheduled list (the realtime event puts it on the feed).
    const secondCard = within(list)
      .getAllByRole('article')
      .find((a) => a.textContent?.includes('Another one'))!;
    await user.click(within(secondCard).getByRole('button', { name: 'Edit' }));
    await within(secondCard).findByRole('textbox', { name: 'Edit' }, { timeout: 15_000 });
    await user.click(within(secondCard).getByRole('button', { name: 'Publish now' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(2));
    expect(update.mock.calls[1][1]).toMatchObject({ publishAt: null, text: 'Another one' });
    await waitFor(() => expect(screen.queryByText('Another one')).toBeNull());
  });
});
