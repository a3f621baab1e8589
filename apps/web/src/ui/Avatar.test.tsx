import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../test/render';
import { Avatar, initials } from './Avatar';

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
});
