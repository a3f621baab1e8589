import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFetch, renderWithSession } from '../groups/testing';
import * as api from './api';
import VacationsPage from './VacationsPage';

afterEach(() => vi.restoreAllMocks());

const requests = (createForOthers: boolean) => ({ result: [], page: 0, pages: 0, total: 0, can: { createForOthers } });

describe('the vacations page', { timeout: 20_000 }, () => {
  it("offers entering a vacation for someone as the requests page's can says, not the session's rights", async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(answerFetch({}));
    // The session has every right; the server says no.
    const fetchRequests = vi.spyOn(api, 'fetchRequests').mockResolvedValue(requests(false));
    const { unmount } = renderWithSession(<VacationsPage />);
    await waitFor(() => expect(fetchRequests).toHaveBeenCalled());
    expect(await screen.findByRole('tab', { name: 'Absence chart' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enter a vacation for someone' })).toBeNull();
    unmount();
    fetchRequests.mockResolvedValue(requests(true));
    renderWithSession(<VacationsPage />, { can: () => false });
    expect(await screen.findByRole('button', { name: 'Enter a vacation for someone' })).toBeTruthy();
  });
});
