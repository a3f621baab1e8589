import { describe, expect, it } from 'vitest';
import { translationProblems } from '../../../i18n/feature';
import { notificationsTexts } from './index';

describe('notifications texts', () => {
  it('are complete in every language, with the same placeholders', () => {
    expect(translationProblems(notificationsTexts)).toEqual([]);
  });
});
