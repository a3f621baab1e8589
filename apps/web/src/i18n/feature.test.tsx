import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defineTexts, translationProblems } from './feature';
import { setUiLanguage } from './index';

const en = { title: 'Wall', greeting: 'Hello, {{name}}!', nested: { one: 'One' } };
const ru: typeof en = { title: 'Стена', greeting: 'Привет, {{name}}!', nested: { one: 'Один' } };
const uk: typeof en = { title: 'Стіна', greeting: 'Вітаю, {{name}}!', nested: { one: 'Один' } };

describe('feature texts', () => {
  it('translates in the feature namespace and follows the language', async () => {
    const useTexts = defineTexts('probe', { en, ru, uk });
    await setUiLanguage('en');
    const { result, rerender } = renderHook(() => useTexts());
    expect(result.current.t('greeting', { name: 'Anna' })).toBe('Hello, Anna!');
    expect(result.current.t('nested.one')).toBe('One');
    await setUiLanguage('uk');
    rerender();
    expect(result.current.t('title')).toBe('Стіна');
  });

  it('reports missing, empty and mismatched translations', () => {
    expect(translationProblems({ en, ru, uk })).toEqual([]);
    const broken = { ...ru, title: ' ', greeting: 'Привет!' } as typeof en;
    const partial = { title: 'Стіна' } as unknown as typeof en;
    expect(translationProblems({ en, ru: broken, uk: partial })).toEqual([
      'ru: empty title',
      'ru: placeholders of greeting',
      'uk: missing greeting',
      'uk: missing nested.one',
    ]);
  });
});
