import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import * as api from './api';
import PollsPage from './PollsPage';
import { widgetPolls } from './PollsWidget';
import { asItem, CLIENT, can, ME, makePoll, managerCan, renderWithSession } from './testing';

const lunch = asItem(makePoll({ answered: true }));
const pulse = asItem(
  makePoll({
    _id: '01a1fe5d-0000-7000-8000-0000000000b2',
    name: 'Quarterly pulse',
    type: 'anonymous',
    deadline: '2099-05-01T12:00:00.000Z',
    can: { ...managerCan, answer: true },
  }),
);

const page = (result = [lunch, pulse], create = false) => ({ result, total: result.length, page: 0, can: { create } });

describe('PollsPage', { timeout: 20_000 }, () => {
  let list: MockInstance<typeof api.fetchPolls>;
  beforeEach(() => {
    list = vi.spyOn(api, 'fetchPolls').mockResolvedValue(page());
  });
  afterEach(() => vi.restoreAllMocks());

  it('lists the active polls with their type, author, deadline and whether the person answered', async () => {
    renderWithSession(<PollsPage />, {}, '/polls');
    const card = await screen.findByRole('article', { name: 'Team lunch' });
    expect(within(card).getByText('Open')).toBeTruthy();
    expect(within(card).getByText('by Lukas Schmidt')).toBeTruthy();
    expect(within(card).getByText('Answered')).toBeTruthy();
    expect(within(card).getByText('No deadline')).toBeTruthy();
    expect(within(card).getByText('Responses: 2')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Team lunch' }).getAttribute('href')).toBe(`/poll/${lunch._id}`);
    const other = screen.getByRole('article', { name: 'Quarterly pulse' });
    expect(within(other).getByText('Anonymous')).toBeTruthy();
    expect(within(other).getByText('Waiting for your answer')).toBeTruthy();
    expect(within(other).getByText(/^Ends in .+, 1 May 2099/)).toBeTruthy();
    expect(list).toHaveBeenCalledWith(CLIENT, ME, 'active', 0, expect.anything());
    // Reading the list needs no right: no "New poll" without can.create.
    expect(screen.queryByRole('link', { name: 'New poll' })).toBeNull();
  });

  it('switches between active, finished and all, with an empty state of its own', async () => {
    list.mockImplementation(async (_client, _user, status) =>
      status === 'finished' ? page([], true) : page([], true),
    );
    renderWithSession(<PollsPage />, {}, '/polls');
    expect(await screen.findByText('No active polls')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'New poll' })[0].getAttribute('href')).toBe('/poll/new');
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('tab', { name: 'Finished' }));
    expect(await screen.findByText('No finished polls yet')).toBeTruthy();
    expect(list).toHaveBeenLastCalledWith(CLIENT, ME, 'finished', 0, expect.anything());
    await user.click(screen.getByRole('tab', { name: 'All' }));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith(CLIENT, ME, 'all', 0, expect.anything()));
    expect(await screen.findByText('No polls yet')).toBeTruthy();
  });

  it('offers the actions `can` allows in the card menu, and asks before finishing', async () => {
    const finish = vi.spyOn(api, 'finishPoll').mockResolvedValue(makePoll({ finished: true }));
    renderWithSession(<PollsPage />, {}, '/polls');
    const user = userEvent.setup({ delay: null });
    // The respondent's card has no manager's actions: only the results it may read.
    const card = await screen.findByRole('article', { name: 'Team lunch' });
    await user.click(within(card).getByRole('button', { name: 'Actions of the poll “Team lunch”' }));
    expect(await screen.findByRole('menuitem', { name: 'Results' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Edit' })).toBeNull();
    await user.keyboard('{Escape}');
    const managed = screen.getByRole('article', { name: 'Quarterly pulse' });
    await user.click(within(managed).getByRole('button', { name: 'Actions of the poll “Quarterly pulse”' }));
    expect((await screen.findByRole('menuitem', { name: 'Make a copy' })).getAttribute('href')).toBe(
      `/poll/new?copy=${pulse._id}`,
    );
    expect(screen.getByRole('menuitem', { name: 'Edit' }).getAttribute('href')).toBe(`/poll/${pulse._id}/edit`);
    expect(screen.getByRole('menuitem', { name: 'Delete' })).toBeTruthy();
    await user.click(screen.getByRole('menuitem', { name: 'Finish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Finish the poll?' });
    await user.click(within(dialog).getByRole('button', { name: 'Finish the poll' }));
    await waitFor(() => expect(finish).toHaveBeenCalledWith(pulse._id));
  });
});

describe('the wall widget', () => {
  it('puts the active polls waiting for the person’s answer first', () => {
    const answered = asItem(makePoll({ _id: 'a', name: 'Answered', answered: true, can: { ...can, answer: false } }));
    const waiting = asItem(makePoll({ _id: 'w', name: 'Waiting' }));
    const managed = asItem(makePoll({ _id: 'm', name: 'Managed', can: { ...managerCan, answer: false } }));
    expect(widgetPolls([answered, managed, waiting]).map((poll) => poll.name)).toEqual([
      'Waiting',
      'Answered',
      'Managed',
    ]);
  });
});
