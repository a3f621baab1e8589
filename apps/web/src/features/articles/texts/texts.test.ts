import { describe, expect, it } from 'vitest';
import { translationProblems } from '../../../i18n/feature';
import { articlesTexts } from './index';

describe('knowledge base texts', () => {
  it('are complete in every language, with the same placeholders', () => {
    expect(translationProblems(articlesTexts)).toEqual([]);
  });
});
