import { describe, expect, it } from 'vitest';
import { translationProblems } from '../../../i18n/feature';
import { chatTexts } from './index';

describe('chat texts', () => {
  it('are complete in every language, with the same placeholders', () => {
    expect(translationProblems(chatTexts)).toEqual([]);
  });
});
