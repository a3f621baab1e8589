import { describe, expect, it } from 'vitest';
import { translationProblems } from '../../../i18n/feature';
import { vacanciesTexts } from './index';

describe('vacancies texts', () => {
  it('are complete in every language, with the same placeholders', () => {
    expect(translationProblems(vacanciesTexts)).toEqual([]);
  });
});
