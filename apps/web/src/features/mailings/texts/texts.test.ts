import { describe, expect, it } from 'vitest';
import { translationProblems } from '../../../i18n/feature';
import { mailingsTexts } from './index';

describe('mailings texts', () => {
  it('are complete in every language, with the same placeholders', () => {
    expect(translationProblems(mailingsTexts)).toEqual([]);
  });
});
