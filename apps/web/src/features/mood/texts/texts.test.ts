import { describe, expect, it } from 'vitest';
import { translationProblems } from '../../../i18n/feature';
import { moodTexts } from './index';

describe('mood texts', () => {
  it('are complete in every language, with the same placeholders', () => {
    expect(translationProblems(moodTexts)).toEqual([]);
  });
});
