import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../test/render';
import { AVATAR_RETRY_MS, Avatar, initials } from './Avatar';

const anna = { _id: 'u1', fullName: 'Anna Kowalski', firstName: 'Anna', lastName: 'Kowalski', avatar: null };

describe('Avatar', () => {
  it('falls back to initials of the first and last word of the name', () => {
    expect(initials({ fullName: 'Anna Maria Kowalski' })).toBe('AK');
    expect(initials({ firstName: 'sofia' })).toBe('S');
    expect(initials({})).toBe('?');
    renderUi(<Avatar person={anna} />);
    expect(screen.getByText('AK')).toBeTruthy();
  });

  it('is 32 px by default and takes another size', () => {
    const { container, unmount } = renderUi(<Avatar person={anna} link={false} />);
    const root = container.querySelector<HTMLElement>('.mantine-Avatar-root')!;
    expect(root.style.getPropertyValue('--avatar-size')).toContain('2rem');
    unmount();
    const other = renderUi(<Avatar person={anna} size={96} link={false} />);
    expect(
      other.container.querySelector<HTMLElement>('.mantine-Avatar-root')!.style.getPropertyValue('--avatar-size'),
    ).toContain('6rem');
  });

  it('opens the profile in a new tab', () => {
    renderUi(<Avatar person={anna} />);
    const link = screen.getByRole('link', { name: 'Open the profile of Anna Kowalski' });
    expect(link.getAttribute('href')).toBe('/profile/u1');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('shows the picture when there is one and no link when asked not to', () => {
    renderUi(<Avatar person={{ ...anna, avatar: '/api/files/f1' }} link={false} />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByRole('img', { name: 'Anna Kowalski' }).getAttribute('src')).toBe('/api/files/f1');
  });

  it('has no text of its own beside a written name', () => {
    const { container } = renderUi(<Avatar person={{ ...anna, avatar: '/api/files/f1' }} link={false} decorative />);
    expect(screen.queryByRole('img', { name: 'Anna Kowalski' })).toBeNull();
    expect(container.querySelector('img')!.getAttribute('alt')).toBe('');
  });
});

// Issue 12 #1: a picture that failed (401 while the file cookie was being set) is asked for once more.
describe('Avatar picture retry', () => {
  afterEach(() => vi.useRealTimers());

  it('retries a failed picture once with a fresh URL, then keeps the initials', () => {
    vi.useFakeTimers();
    renderUi(<Avatar person={{ ...anna, avatar: '/api/files/f1/thumb' }} link={false} />);
    fireEvent.error(screen.getByRole('img', { name: 'Anna Kowalski' }));
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('AK')).toBeTruthy();

    act(() => vi.advanceTimersByTime(AVATAR_RETRY_MS));
    const retried = screen.getByRole('img', { name: 'Anna Kowalski' });
    expect(retried.getAttribute('src')).toBe('/api/files/f1/thumb?retry=1');

    fireEvent.error(retried);
    act(() => vi.advanceTimersByTime(AVATAR_RETRY_MS * 10));
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByText('AK')).toBeTruthy();
  });
});
