import { type AnniversaryDto, type BirthdayDto, type CreatePostBody, mentionIds } from '@hallway/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '../api';
import { Composer } from '../Composer';
import { useIncomingDraft } from '../congratulate';
import { CLIENT, makePost, renderWall } from '../testing';
import { BirthdaysWidget, localDate } from './BirthdaysWidget';

const people = (count: number): BirthdayDto[] =>
  Array.from({ length: count }, (_, i) => ({
    _id: `01a1fe5d-0000-7000-8000-0000000001${String(i).padStart(2, '0')}`,
    name: `Person ${i + 1}`,
    avatar: null,
    position: 'Engineer',
    department: 'R&D',
    birthday: '12-31',
    date: localDate(),
    today: true,
  }));

const TARA = '01a1fe5d-0000-7000-8000-000000000201';
const tomorrow = () => {
  const at = new Date();
  at.setDate(at.getDate() + 1);
  return localDate(at);
};
const anniversary = (overrides: Partial<AnniversaryDto> = {}): AnniversaryDto => ({
  _id: TARA,
  name: 'Tara Quinn',
  avatar: null,
  position: 'Accountant',
  department: 'Finance',
  since: '2021-01-01',
  years: 5,
  date: localDate(),
  today: true,
  ...overrides,
});

const noop = () => {};
/** The wall's composer as the wall page gives it a congratulation brought by the navigation. */
function WallComposer() {
  const draft = useIncomingDraft(noop);
  return <Composer key={draft?.key ?? 0} feed="company" onPublished={noop} initial={draft?.value} />;
}

/** The widget on the wall, and the wall's composer where "Congratulate" leads. */
const renderWithWall = () =>
  renderWall(
    <Routes>
      <Route path="/" element={<BirthdaysWidget clientId={CLIENT} enabled />} />
      <Route path="/company" element={<WallComposer />} />
    </Routes>,
  );

describe('BirthdaysWidget', { timeout: 20_000 }, () => {
  let anniversaries: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    anniversaries = vi.spyOn(api, 'fetchAnniversaries').mockResolvedValue([]);
  });
  afterEach(() => vi.restoreAllMocks());

  it('lists a handful without an inner scrollbar', async () => {
    vi.spyOn(api, 'fetchBirthdays').mockResolvedValue(people(5));
    const { container } = renderWall(<BirthdaysWidget clientId={CLIENT} enabled />);
    expect(await screen.findByText('Person 5')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    expect(container.querySelector('.mantine-ScrollArea-root')).toBeNull();
    expect(screen.queryByRole('link', { name: /All birthdays/ })).toBeNull();
  });

  it('shows the first ones and leads to the birthdays page for the rest', async () => {
    vi.spyOn(api, 'fetchBirthdays').mockResolvedValue(people(9));
    renderWall(<BirthdaysWidget clientId={CLIENT} enabled />);
    expect(await screen.findByText('Person 6')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(6);
    expect(screen.queryByText('Person 7')).toBeNull();
    expect(screen.getByRole('link', { name: 'All birthdays (9)' }).getAttribute('href')).toBe('/birthdays');
  });

  it('shows work anniversaries beside birthdays, today’s first, with the years at the company', async () => {
    const later = { ...people(1)[0], name: 'Bella Later', date: tomorrow(), today: false };
    vi.spyOn(api, 'fetchBirthdays').mockResolvedValue([later]);
    anniversaries.mockResolvedValue([anniversary()]);
    renderWall(<BirthdaysWidget clientId={CLIENT} enabled />);
    expect(await screen.findByText('Tara Quinn')).toBeTruthy();
    const [first, second] = screen.getAllByRole('listitem');
    expect(first.getAttribute('data-kind')).toBe('anniversary');
    expect(within(first).getByText(/5 years at the company/)).toBeTruthy();
    expect(within(first).getByLabelText('Work anniversary')).toBeTruthy();
    expect(within(first).getByText('Today!')).toBeTruthy();
    expect(within(second).getByText('Bella Later')).toBeTruthy();
    // Only today's people are congratulated.
    expect(within(second).queryByRole('button', { name: /Congratulate/ })).toBeNull();
  });

  it('congratulates on an anniversary: the composer opens prefilled and publishes a thank-you post with the mention', async () => {
    vi.spyOn(api, 'fetchBirthdays').mockResolvedValue([]);
    anniversaries.mockResolvedValue([anniversary()]);
    const createPost = vi.spyOn(api, 'createPost').mockImplementation(async (body) => makePost({ text: body.text }));
    renderWithWall();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Congratulate Tara Quinn' }));
    const box = (await screen.findByRole('textbox', { name: 'New post' })) as HTMLTextAreaElement;
    expect(box.value).toBe('Congratulations on 5 years with us, @Tara Quinn! Thank you for everything you do.');
    expect(document.activeElement).toBe(box);
    await user.type(box, ' Cheers!');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(createPost).toHaveBeenCalledTimes(1));
    const body = createPost.mock.calls[0][0] as CreatePostBody;
    expect(body).toMatchObject({ kind: 'thanks', mentions: [TARA], parent: { type: 'company' } });
    expect(mentionIds(body.text)).toEqual([TARA]);
    expect(body.text).toMatch(/^Congratulations on 5 years with us, @\[Tara Quinn\]\(user:[^)]+\)! .* Cheers!$/);
  });

  it('congratulates on a birthday in the reader’s words, one year as “1 year”', async () => {
    vi.spyOn(api, 'fetchBirthdays').mockResolvedValue([{ ...people(1)[0], _id: TARA, name: 'Tara Quinn' }]);
    anniversaries.mockResolvedValue([
      anniversary({ _id: '01a1fe5d-0000-7000-8000-000000000202', name: 'Olga New', years: 1 }),
    ]);
    renderWithWall();
    expect(await screen.findByText('1 year at the company', { exact: false })).toBeTruthy();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Congratulate Tara Quinn' }));
    const box = (await screen.findByRole('textbox', { name: 'New post' })) as HTMLTextAreaElement;
    expect(box.value).toBe('Happy birthday, @Tara Quinn! Wishing you health, joy and a wonderful year ahead.');
    expect(screen.getByRole('radio', { name: 'Thank you' })).toHaveProperty('checked', true);
  });
});
