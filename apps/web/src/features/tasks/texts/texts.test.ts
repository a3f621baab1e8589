import { describe, expect, it } from 'vitest';
import { translationProblems } from '../../../i18n/feature';
import { tasksTexts } from './index';

describe('tasks texts', () => {
  it('are complete in every language, with the same placeholders', () => {
    expect(translationProblems(tasksTexts)).toEqual([]);
  });
});
