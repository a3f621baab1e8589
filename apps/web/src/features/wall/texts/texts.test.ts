import { describe, expect, it } from 'vitest';
import { translationProblems } from '../../../i18n/feature';
import { wallTexts } from './index';

describe('wall texts', () => {
  it('are complete in every language, with the same placeholders', () => {
    expect(translationProblems(wallTexts)).toEqual([]);
  });
});
