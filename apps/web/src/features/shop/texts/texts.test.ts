import { describe, expect, it } from 'vitest';
import { translationProblems } from '../../../i18n/feature';
import { shopTexts } from './index';

describe('shop texts', () => {
  it('are complete in every language, with the same placeholders', () => {
    expect(translationProblems(shopTexts)).toEqual([]);
  });
});
