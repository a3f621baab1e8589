import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as api from './api';
import { RequestView } from './RequestView';
import { LUKAS, makeRequest, REQUEST_ID, renderWithSession, STEP_ID } from './testing';

describe('request page', { timeout: 30_000 }, () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the form, the steps, the history and the overdue due date', async () => {
    renderWithSession(<RequestView request={makeRequest()} />);
    expect(await screen.findByText('A 14-inch one')).toBeTruthy();
    const steps = screen.getAllByTestId('request-step');
    expect(steps.map((step) => step.getAttribute('data-status'))).toEqual(['done', 'active']);
    expect(within(screen.getByTestId('request-due')).getByText(/Overdue/)).toBeTruthy();
    expect(screen.getByTestId('request-history').textContent).toMatch(/filed the request/);
    expect(screen.getByRole('heading', { name: /Comments \(0\)/ })).toBeTruthy();
  });

  it('offers no decision to someone who may not pass the step', async () => {
    renderWithSession(<RequestView request={makeRequest({ can: { pass: false, comment: true, table: false } })} />);
    await screen.findByText('A 14-inch one');
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Decline' })).toBeNull();
  });

  it('declines only with a reason, given in a modal', async () => {
    const pass = vi
      .spyOn(api, 'passStep')
      .mockResolvedValue(makeRequest({ status: 'rejected', can: { pass: false, comment: true, table: false } }));
    renderWithSession(<RequestView request={makeRequest()} />, { user: { _id: LUKAS } as never });
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline the request' });
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(within(dialog).getByText('Give a reason')).toBeTruthy();
    expect(pass).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('textbox', { name: /^Reason/ }));
    await user.paste('No budget this quarter');
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await waitFor(() =>
      expect(pass).toHaveBeenCalledWith(REQUEST_ID, {
        step_id: STEP_ID,
        decision: 'decline',
        reason: 'No budget this quarter',
        fields: {},
      }),
    );
  });

  it('accepts the step, and a review step is acknowledged instead', async () => {
    const pass = vi.spyOn(api, 'passStep').mockResolvedValue(makeRequest({ status: 'success' }));
    const { unmount } = renderWithSession(<RequestView request={makeRequest()} />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Accept' }));
    await waitFor(() =>
      expect(pass).toHaveBeenCalledWith(REQUEST_ID, { step_id: STEP_ID, decision: 'accept', fields: {} }),
    );
    unmount();
    const review = makeRequest();
    review.steps[1] = { ...review.steps[1], review: true };
    renderWithSession(<RequestView request={review} />);
    expect(await screen.findByRole('button', { name: 'Acknowledge' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Decline' })).toBeNull();
  });
});
