import { describe, expect, it } from 'vitest';
import { translationProblems } from '../../../i18n/feature';
import { learningTexts } from './index';

describe('learning texts', () => {
  it('are complete in every language, with the same placeholders', () => {
    expect(translationProblems(learningTexts)).toEqual([]);
  });
});
