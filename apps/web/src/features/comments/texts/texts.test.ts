import { describe, expect, it } from 'vitest';
import { translationProblems } from '../../../i18n/feature';
import { commentsTexts } from './index';

describe('comments texts', () => {
  it('are complete in every language, with the same placeholders', () => {
    expect(translationProblems(commentsTexts)).toEqual([]);
  });
});
