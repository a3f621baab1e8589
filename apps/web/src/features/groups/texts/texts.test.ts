import { describe, expect, it } from 'vitest';
import { translationProblems } from '../../../i18n/feature';
import { grantTexts } from '../../../ui/grants';
import { groupsTexts } from './index';

describe('groups texts', () => {
  it('are complete in every language, with the same placeholders', () => {
    expect(translationProblems(groupsTexts)).toEqual([]);
  });

  it('the grant editor’s are too', () => {
    expect(translationProblems(grantTexts)).toEqual([]);
  });
});
