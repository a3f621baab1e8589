import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as api from './api';
import { MustReadBar } from './MustRead';
import { ME, makePost, PEOPLE, renderWall } from './testing';

const ALL = { edit: true, delete: true, mustRead: true, pin: true };

const report = (pending: number) => ({
  counts: { audience: 3, acknowledged: 3 - pending, pending },
  status: 'pending' as const,
  result: PEOPLE.slice(1, 1 + pending).map((p) => ({
    user: { _id: p._id, name: p.name, avatar: null, position: p.position },
    time: null,
  })),
  page: 0,
  pages: pending ? 1 : 0,
  total: pending,
});

describe('the must-read report', { timeout: 20_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('reminds those who have not read and downloads the report as xlsx', async () => {
    vi.spyOn(api, 'fetchReadReport').mockResolvedValue(report(2));
    const remind = vi.spyOn(api, 'remindPending').mockImplementation(async (id) => ({ post_id: id, reminded: 2 }));
    const download = vi.spyOn(api, 'downloadReadReport').mockResolvedValue();
    const post = makePost({ mustRead: true, can: { ...ALL, readReport: true } });
    renderWall(<MustReadBar post={post} />);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Read report' }));
    expect(await screen.findByText('Lukas Schmidt')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remind those who have not read' }));
    await waitFor(() => expect(remind).toHaveBeenCalledWith(post._id));
    await user.click(screen.getByRole('button', { name: 'Download as Excel' }));
    await waitFor(() => expect(download).toHaveBeenCalledWith(post._id));
  });

  it("shows the report as the post's can.readReport says, whoever wrote it", () => {
    const mine = makePost({ mustRead: true, author: { _id: ME, name: 'Anna Kowalski', avatar: null, position: '' } });
    const { unmount } = renderWall(<MustReadBar post={{ ...mine, can: { ...ALL, readReport: false } }} />);
    expect(screen.queryByRole('button', { name: 'Read report' })).toBeNull();
    unmount();
    const { unmount: again } = renderWall(<MustReadBar post={{ ...mine, can: { ...ALL, readReport: true } }} />);
    expect(screen.getByRole('button', { name: 'Read report' })).toBeTruthy();
    again();
    renderWall(<MustReadBar post={makePost({ mustRead: true })} />);
    expect(screen.queryByRole('button', { name: 'Read report' })).toBeNull();
    expect(screen.getByRole('button', { name: 'I have read it' })).toBeTruthy();
  });

  it('offers no reminder when everyone has confirmed', async () => {
    vi.spyOn(api, 'fetchReadReport').mockResolvedValue(report(0));
    const post = makePost({ mustRead: true, can: { ...ALL, readReport: true } });
    renderWall(<MustReadBar post={post} />);
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Read report' }));
    expect(await screen.findByText('Everyone has confirmed')).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Remind those who have not read' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
  });
});
