import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as api from './api';
import { RoomList } from './RoomList';
import { lukas, ME, makeRoom, ROOM, renderWithSession, tom } from './testing';

const rooms = (result: ReturnType<typeof makeRoom>[]) => ({ result, total: result.length, total_unread: 0 });
const at = new Date().toISOString();

describe('RoomList', { timeout: 20_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('lists my rooms with their unread counts and last message, mine as "You", the open one marked', async () => {
    vi.spyOn(api, 'fetchRooms').mockResolvedValue(
      rooms([
        makeRoom({
          unread: 3,
          last_message: {
            _id: 'm1',
            content: 'See you at ten',
            senderId: tom._id,
            username: 'Tom Baker',
            date: at,
            deleted: false,
          },
        }),
        makeRoom({
          _id: 'direct-1',
          type: 'direct',
          name: 'Lukas Schmidt',
          members: [{ ...lukas }, { _id: ME, name: 'Anna Kowalski', avatar: null, position: '', role: 'member' }],
          muted: true,
          last_message: {
            _id: 'm2',
            content: 'Thanks!',
            senderId: ME,
            username: 'Anna Kowalski',
            date: at,
            deleted: false,
          },
        }),
      ]),
    );
    renderWithSession(<RoomList current={ROOM} />, {}, '/chat');
    const team = await screen.findByRole('link', { name: 'Launch team, 3 unread' });
    expect(team.getAttribute('aria-current')).toBe('page');
    expect(within(team).getByText('Tom Baker: See you at ten')).toBeTruthy();
    const direct = screen.getByRole('link', { name: 'Lukas Schmidt' });
    expect(direct.getAttribute('href')).toBe('/chat/direct-1');
    expect(within(direct).getByText('You: Thanks!')).toBeTruthy();
    expect(within(direct).getByLabelText('Muted')).toBeTruthy();
  });

  it('says how to start when there are no rooms', async () => {
    vi.spyOn(api, 'fetchRooms').mockResolvedValue(rooms([]));
    renderWithSession(<RoomList current={null} />, {}, '/chat');
    expect(await screen.findByText('No conversations yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New message' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New group' })).toBeTruthy();
  });
});
