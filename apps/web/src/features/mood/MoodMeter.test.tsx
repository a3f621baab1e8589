import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { moodCheckQuery } from '../../app/session/useMoodCheck';
import { ME, renderWithSession } from '../groups/testing';
import * as api from './api';
import MoodMeter, { LATER_KEY } from './MoodMeter';

const needToday = (client: ReturnType<typeof renderWithSession>['client'], need: boolean) =>
  act(() => {
    client.setQueryData(moodCheckQuery(ME).queryKey, { need });
  });

describe('MoodMeter', { timeout: 20_000 }, () => {
  beforeEach(() => localStorage.removeItem(LATER_KEY));
  afterEach(() => vi.restoreAllMocks());

  it('opens on arrival while the mood is missing; a face and a comment are sent, and it stops asking', async () => {
    const rate = vi.spyOn(api, 'rate').mockResolvedValue({ mood: 7, comment: 'Fine', day: '2026-11-29' });
    const { client } = renderWithSession(<MoodMeter />);
    expect(screen.queryByTestId('mood-button')).toBeNull();
    await needToday(client, true);
    const dialog = await screen.findByRole('dialog', { name: 'How are you today?' });
    // Sending without a face says what is missing and sends nothing.
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(dialog.textContent).toContain('Pick a face first');
    expect(rate).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('radio', { name: '7 of 10' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Anything to add? (optional)' }), 'Fine');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(rate).toHaveBeenCalledWith({ mood: 7, comment: 'Fine' }));
    await waitFor(() => expect(screen.queryByTestId('mood-button')).toBeNull());
    expect(client.getQueryData(moodCheckQuery(ME).queryKey)).toEqual({ need: false });
  });

  it('"Not now" closes it for the day; the header button opens it again', async () => {
    const { client } = renderWithSession(<MoodMeter />);
    await needToday(client, true);
    await screen.findByRole('dialog', { name: 'How are you today?' });
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(localStorage.getItem(LATER_KEY)).toBe(new Date().toISOString().slice(0, 10));
    await userEvent.click(screen.getByTestId('mood-button'));
    expect(await screen.findByRole('dialog', { name: 'How are you today?' })).toBeTruthy();
  });

  it('stays closed on arrival when put off today', async () => {
    localStorage.setItem(LATER_KEY, new Date().toISOString().slice(0, 10));
    const { client } = renderWithSession(<MoodMeter />);
    await needToday(client, true);
    expect(await screen.findByTestId('mood-button')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
