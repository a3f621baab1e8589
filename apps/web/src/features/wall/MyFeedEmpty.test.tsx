import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as api from './api';
import { Feed } from './Feed';
import { MyFeedEmpty } from './MyFeedEmpty';
import { ME, renderWall } from './testing';

describe('an empty "My feed"', { timeout: 20_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('says what the feed holds and where to go, inside the feed when the server answers no posts', async () => {
    const fetchPage = vi.spyOn(api, 'fetchFeedPage').mockResolvedValue({ result: [], page: 0, pages: 0, total: 0 });
    let company = 0;
    renderWall(<Feed kind="user" empty={<MyFeedEmpty onCompany={() => (company += 1)} people groups />} />);
    expect(await screen.findByRole('heading', { name: 'Your feed is empty' })).toBeTruthy();
    expect(fetchPage).toHaveBeenCalledWith('user', ME, 0, expect.anything());
    expect(screen.getByText(/company news stays in “Company”/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find people to follow' }).getAttribute('href')).toBe('/addressBook/');
    expect(screen.getByRole('link', { name: 'Browse groups' }).getAttribute('href')).toBe('/groups/');
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Open the company feed' }));
    await waitFor(() => expect(company).toBe(1));
  });

  it('leaves out links to modules the workspace has switched off', () => {
    renderWall(<MyFeedEmpty onCompany={() => {}} people={false} groups={false} />);
    expect(screen.queryByRole('link', { name: 'Find people to follow' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Browse groups' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Open the company feed' })).toBeTruthy();
  });
});
