import { describe, expect, it } from 'vitest';
import { translationProblems } from '../../../i18n/feature';
import { editorTexts } from './texts';

describe('editor texts', () => {
  it('are complete in every language, with the same placeholders', () => {
    expect(translationProblems(editorTexts)).toEqual([]);
  });
});
