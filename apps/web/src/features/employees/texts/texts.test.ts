import { describe, expect, it } from 'vitest';
import { translationProblems } from '../../../i18n/feature';
import { employeesTexts } from './index';

describe('employees bulk texts', () => {
  it('are complete in every language, with the same placeholders', () => {
    expect(translationProblems(employeesTexts)).toEqual([]);
  });
});
