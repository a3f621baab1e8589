import { NOTIFICATION_CODES } from '@hallway/shared';
import { describe, expect, it } from 'vitest';
import { translationProblems } from '../../../i18n/feature';
import { codeKey } from '../SettingsMatrix';
import { notificationsTexts } from './index';

describe('notifications texts', () => {
  it('are complete in every language, with the same placeholders', () => {
    expect(translationProblems(notificationsTexts)).toEqual([]);
  });

  it('name every notification the product sends (the settings matrix and templates show them)', () => {
    const labels = notificationsTexts.en.codes as Record<string, string>;
    const missing = Object.keys(NOTIFICATION_CODES).filter((code) => !labels[codeKey(code).slice('codes.'.length)]);
    expect(missing).toEqual([]);
  });
});
