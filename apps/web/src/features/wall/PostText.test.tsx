import { mentionMarkup } from '@hallway/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PostText } from './PostText';
import { PEOPLE, renderWall } from './testing';

const [, lukas, tom] = PEOPLE;
const card = (p: (typeof PEOPLE)[number]) => ({ _id: p._id, name: p.name, avatar: null, position: p.position });

describe('PostText mentions', () => {
  it("shows the mentioned person's real name from their card, whatever label the text carries", () => {
    const text = `Approved by ${mentionMarkup(lukas._id, 'Board of Directors')} and ${mentionMarkup(tom._id, tom.name)}`;
    renderWall(<PostText text={text} mentions={[card(lukas), card(tom)]} />);
    expect(screen.queryByText(/Board of Directors/)).toBeNull();
    const links = screen.getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      [`@${lukas.name}`, `/profile/${lukas._id}`],
      [`@${tom.name}`, `/profile/${tom._id}`],
    ]);
  });

  it('shows a mention without a card as plain text, not as a link to someone', () => {
    const text = `Hi ${mentionMarkup(tom._id, 'The CEO')}`;
    renderWall(<PostText text={text} mentions={[]} />);
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(screen.getByText(/The CEO/).tagName).toBe('SPAN');
  });
});
