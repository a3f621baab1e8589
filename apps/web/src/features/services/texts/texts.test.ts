import { describe, expect, it } from 'vitest';
import { translationProblems } from '../../../i18n/feature';
import { servicesTexts } from './index';

describe('services texts', () => {
  it('are complete in every language, with the same placeholders', () => {
    expect(translationProblems(servicesTexts)).toEqual([]);
  });
});
