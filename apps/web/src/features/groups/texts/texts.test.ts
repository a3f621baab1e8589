import { describe, expect, it } from 'vitest';
import { textLeaves, translationProblems } from '../../../i18n/feature';
import { grantTexts } from '../../../ui/grants';
import { groupsTexts, placeKey } from './index';

describe('groups texts', () => {
  it('are complete in every language, with the same placeholders', () => {
    expect(translationProblems(groupsTexts)).toEqual([]);
  });

  it('the grant editor’s are too', () => {
    expect(translationProblems(grantTexts)).toEqual([]);
  });

  it('word each place-naming text for a project too: a group text of the same key, "project" in every language', () => {
    const root = textLeaves(groupsTexts.en);
    for (const [lang, texts] of Object.entries(groupsTexts)) {
      for (const [key, text] of textLeaves(texts.inProject)) {
        expect(root.has(key), key).toBe(true);
        expect(text, `${lang} ${key}`).toMatch(/project|проект|проєкт/i);
        expect(text, `${lang} ${key}`).not.toMatch(/group|групп|груп/i);
      }
    }
    expect(placeKey('members.remove', 'project')).toBe('inProject.members.remove');
    expect(placeKey('members.remove', 'group')).toBe('members.remove');
    expect(placeKey('projects.wall', 'project')).toBe('projects.wall');
  });
});
