import { describe, expect, it } from 'vitest';
import { translationProblems } from '../../../i18n/feature';
import { feedbackTexts } from './index';

describe('feedback texts', () => {
  it('are complete in every language, with the same placeholders', () => {
    expect(translationProblems(feedbackTexts)).toEqual([]);
  });
});
