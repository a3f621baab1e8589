import { mentionIds } from '@hallway/shared';
import { describe, expect, it } from 'vitest';
import { fromMarkup, insertMention, matchPeople, mentionQueryAt, segmentsOf, toMarkup } from './mentions';
import { checkDraft } from './rules';
import { ME, PEOPLE } from './testing';

const [anna, lukas, tom] = PEOPLE;

describe('mention search', () => {
  it('starts after 2 characters', () => {
    expect(matchPeople(PEOPLE, 'a')).toEqual([]);
    expect(matchPeople(PEOPLE, ' l ')).toEqual([]);
    expect(matchPeople(PEOPLE, 'an').map((p) => p.name)).toEqual(['Anastasia Ivanova', 'Anna Kowalski']);
  });

  it('matches the start of any word of the name, without case or accents', () => {
    expect(matchPeople(PEOPLE, 'SCHM').map((p) => p.name)).toEqual(['Lukas Schmidt']);
    expect(matchPeople(PEOPLE, 'anna ko').map((p) => p.name)).toEqual(['Anna Kowalski']);
    expect(matchPeople([{ ...tom, name: 'Inês Silva' }], 'ines').map((p) => p.name)).toEqual(['Inês Silva']);
    expect(matchPeople(PEOPLE, 'midt')).toEqual([]);
  });

  it('finds the @query at the caret', () => {
    expect(mentionQueryAt('Hello @lu', 9)).toEqual({ start: 6, query: 'lu' });
    expect(mentionQueryAt('Hello @lukas sch', 16)).toEqual({ start: 6, query: 'lukas sch' });
    expect(mentionQueryAt('mail me@example.com', 19)).toBeNull();
    expect(mentionQueryAt('@lu\nnext', 8)).toBeNull();
  });

  it('inserts the chosen name and moves the caret after it', () => {
    expect(insertMention('Hi @lu!', 3, 6, 'Lukas Schmidt')).toEqual({ text: 'Hi @Lukas Schmidt !', caret: 18 });
  });
});

describe('mention markup', () => {
  it('turns chosen @Names into markup, forgetting people whose name was deleted', () => {
    const chosen = [
      { id: lukas._id, name: lukas.name },
      { id: tom._id, name: tom.name },
    ];
    const sent = toMarkup('Thanks @Lukas Schmidt!', chosen);
    expect(sent.mentions).toEqual([lukas._id]);
    expect(mentionIds(sent.text)).toEqual([lukas._id]);
    expect(fromMarkup(sent.text)).toEqual({
      text: 'Thanks @Lukas Schmidt!',
      mentions: [{ id: lukas._id, name: lukas.name }],
    });
  });

  it('shows mentions and web addresses as links', () => {
    const { text } = toMarkup('@Anna Kowalski see https://example.com/a.', [{ id: anna._id, name: anna.name }]);
    expect(segmentsOf(text)).toEqual([
      { kind: 'mention', id: anna._id, name: 'Anna Kowalski' },
      { kind: 'text', text: ' see ' },
      { kind: 'link', href: 'https://example.com/a' },
      { kind: 'text', text: '.' },
    ]);
  });
});

describe('thank-you rules', () => {
  const lukasMention = [{ id: lukas._id, name: lukas.name }];
  it('need more than 30 characters and exactly one other person', () => {
    expect(checkDraft('@Lukas Schmidt thank you!', lukasMention, 'thanks', ME).thanks).toEqual(['thanks_text_short']);
    const long = '@Lukas Schmidt thank you for the careful review!';
    expect(checkDraft(long, lukasMention, 'thanks', ME).thanks).toEqual([]);
    expect(checkDraft(long.replace('@Lukas Schmidt', 'Lukas'), lukasMention, 'thanks', ME).thanks).toEqual([
      'thanks_one_person',
    ]);
    const two = [...lukasMention, { id: tom._id, name: tom.name }];
    expect(checkDraft(`${long} And @Tom Becker too`, two, 'thanks', ME).thanks).toEqual(['thanks_one_person']);
    const self = [{ id: ME, name: anna.name }];
    expect(checkDraft('@Anna Kowalski thank you me for everything I did', self, 'thanks', ME).thanks).toEqual([
      'thanks_self',
    ]);
    expect(checkDraft('short', [], 'post', ME).thanks).toEqual([]);
  });
});
