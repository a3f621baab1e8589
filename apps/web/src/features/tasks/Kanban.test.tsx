import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import * as api from './api';
import DeskPage from './DeskPage';
import { DESK_ID, DOING, DONE, layOutBoard, makeDesk, renderWithSession, TODO, taskId } from './testing';

const page = () => (
  <Routes>
    <Route path="/desk/:_id" element={<DeskPage />} />
  </Routes>
);

/** The names of the cards in a lane, top to bottom. */
const cardsOf = (lane: string) =>
  within(screen.getByRole('region', { name: `Lane ${lane}` }))
    .queryAllByRole('button', { name: /^Open card / })
    .map((button) => button.textContent);

/**
 * Picks card `n` up by its handle with the keyboard, moves it one lane to the right and drops it. Each key waits for
 * what dnd-kit says about the one before (its live region), and the arrow waits for the listener dnd-kit adds from a
 * timer when the drag starts: on a loaded machine a key pressed sooner went unheard.
 */
async function moveRight(n: number) {
  const handle = screen.getByRole('button', { name: `Move card Card ${n}` });
  handle.focus();
  await act(async () => {
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
  });
  await screen.findByText(`Picked up Card ${n}.`);
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  await act(async () => {
    fireEvent.keyDown(document, { code: 'ArrowRight', key: 'ArrowRight' });
  });
  await screen.findByText(new RegExp(`^Card ${n} is over `));
  await act(async () => {
    fireEvent.keyDown(document, { code: 'Space', key: ' ' });
  });
}

describe('Kanban', { timeout: 20_000 }, () => {
  let restore: () => void;
  beforeEach(() => {
    restore = layOutBoard();
    vi.spyOn(api, 'fetchDesk').mockResolvedValue(makeDesk());
  });
  afterEach(() => {
    restore();
    vi.restoreAllMocks();
  });

  it('shows the lanes with their cards in order', async () => {
    renderWithSession(page(), {}, `/desk/${DESK_ID}`);
    expect(await screen.findByRole('heading', { name: 'Launch', level: 1 })).toBeTruthy();
    expect(cardsOf('To do')).toEqual(['Card 1', 'Card 2']);
    expect(cardsOf('In progress')).toEqual(['Card 3']);
    expect(cardsOf('Done')).toEqual([]);
  });

  it('moves a card by keyboard at once, and tells the server where it went', async () => {
    let answer: (value: api.MoveAnswer) => void = () => undefined;
    const move = vi.spyOn(api, 'moveTask').mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    renderWithSession(page(), {}, `/desk/${DESK_ID}`);
    await screen.findByRole('region', { name: 'Lane To do' });
    await moveRight(1);
    // Optimistic: on the screen before the server answered.
    await waitFor(() => expect(cardsOf('In progress')).toContain('Card 1'));
    expect(cardsOf('To do')).toEqual(['Card 2']);
    expect(move).toHaveBeenCalledTimes(1);
    const [desk, body] = move.mock.calls[0]!;
    expect(desk).toBe(DESK_ID);
    expect(body).toMatchObject({ task: taskId(1), lane: DOING, confirm: false });
    await act(async () => answer({ _id: taskId(1), lane: DOING, status: 'open', version: 2 }));
    expect(cardsOf('In progress')).toContain('Card 1');
  });

  it('puts the card back and says why when the server refuses the move', async () => {
    const show = vi.spyOn(notifications, 'show');
    let refuse: (error: unknown) => void = () => undefined;
    vi.spyOn(api, 'moveTask').mockImplementation(() => new Promise((_resolve, reject) => (refuse = reject)));
    renderWithSession(page(), {}, `/desk/${DESK_ID}`);
    await screen.findByRole('region', { name: 'Lane To do' });
    await moveRight(1);
    await waitFor(() => expect(cardsOf('In progress')).toContain('Card 1'));
    await act(async () =>
      refuse(
        new ApiError(403, {
          code: 'desk_closed',
          message: 'The desk is closed: its cards are read-only',
        } as never),
      ),
    );
    await waitFor(() => expect(cardsOf('To do')).toEqual(['Card 1', 'Card 2']));
    expect(cardsOf('In progress')).toEqual(['Card 3']);
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ color: 'red', message: 'The desk is closed: its cards are read-only' }),
    );
  });

  it('asks before a move that finishes the card, then sends it again confirmed', async () => {
    const move = vi
      .spyOn(api, 'moveTask')
      .mockRejectedValueOnce(
        new ApiError(409, {
          code: 'task_move_confirm_finish',
          message: 'Moving the card to «Done» finishes it: confirm the move',
          params: { lane: 'Done' },
        } as never),
      )
      .mockResolvedValueOnce({ _id: taskId(3), lane: DONE, status: 'done', version: 2 });
    renderWithSession(page(), {}, `/desk/${DESK_ID}`);
    await screen.findByRole('region', { name: 'Lane To do' });
    await moveRight(3);
    await waitFor(() => expect(move).toHaveBeenCalledTimes(1));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the move' });
    expect(within(dialog).getByText('Moving the card to «Done» finishes it: confirm the move')).toBeTruthy();
    // Refused, so back where it was until the person confirms.
    expect(cardsOf('In progress')).toEqual(['Card 3']);
    const user = userEvent.setup({ delay: null });
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(move).toHaveBeenCalledTimes(2));
    expect(move.mock.calls[1]![1]).toMatchObject({ task: taskId(3), lane: DONE, confirm: true });
    await waitFor(() => expect(cardsOf('Done')).toEqual(['Card 3']));
  });

  it('adds a card inline at the bottom of a lane', async () => {
    const add = vi.spyOn(api, 'addTask').mockImplementation(async (_desk, lane, body) => ({
      ...(await import('./testing')).makeTask({ _id: taskId(9), name: body.name, lane }),
    }));
    renderWithSession(page(), {}, `/desk/${DESK_ID}`);
    const lane = await screen.findByRole('region', { name: 'Lane To do' });
    const user = userEvent.setup({ delay: null });
    await user.click(within(lane).getByRole('button', { name: 'Add a card' }));
    await user.type(within(lane).getByRole('textbox', { name: 'Card name' }), 'Book the venue{Enter}');
    await waitFor(() => expect(cardsOf('To do')).toEqual(['Card 1', 'Card 2', 'Book the venue']));
    expect(add).toHaveBeenCalledWith(DESK_ID, TODO, { name: 'Book the venue' });
  });
});
