import { describe, expect, it } from 'vitest';
import { translationProblems } from '../../../i18n/feature';
import { adminTexts } from './index';

describe('admin panel texts', () => {
  it('are complete in every language, with the same placeholders', () => {
    expect(translationProblems(adminTexts)).toEqual([]);
  });
});
