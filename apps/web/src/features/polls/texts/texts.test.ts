import { describe, expect, it } from 'vitest';
import { translationProblems } from '../../../i18n/feature';
import { pollsTexts } from './index';

describe('polls texts', () => {
  it('are complete in every language, with the same placeholders', () => {
    expect(translationProblems(pollsTexts)).toEqual([]);
  });
});
