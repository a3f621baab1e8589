import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n, setUiLanguage, useTranslation } from './index';

describe('interface texts at run time', () => {
  i18n.addResourceBundle('en', 'runtime', { hello: 'Hello, {{name}}!', only: { en: 'English only' } });
  i18n.addResourceBundle('ru', 'runtime', { hello: 'Привет, {{name}}!', only: { ru: 'Только по-русски' } });
  i18n.addResourceBundle('uk', 'runtime', { files_one: '{{count}} файл', files_few: '{{count}} файли' });
  const t = (key: string, values: Record<string, unknown> = {}) =>
    (i18n.t as (k: string, v: object) => string)(key, { ns: 'runtime', ...values });

  it('fills placeholders and leaves those without a value as written', async () => {
    await setUiLanguage('en');
    expect(t('hello', { name: 'Anna' })).toBe('Hello, Anna!');
    expect(t('hello')).toBe('Hello, {{name}}!');
  });

  it('falls back to Russian, then to the default value, then to the key', async () => {
    await setUiLanguage('en');
    expect(t('only.ru')).toBe('Только по-русски');
    expect(t('missing.key', { defaultValue: 'Default' })).toBe('Default');
    expect(t('missing.key')).toBe('missing.key');
    expect(i18n.exists('only.en', { ns: 'runtime' })).toBe(true);
    expect(i18n.exists('missing.key', { ns: 'runtime' })).toBe(false);
  });

  it('picks the plural form of the language by count', async () => {
    await setUiLanguage('uk');
    expect(t('files', { count: 1 })).toBe('1 файл');
    expect(t('files', { count: 3 })).toBe('3 файли');
  });

  it('merges bundles added later into a namespace', () => {
    i18n.addResourceBundle('en', 'runtime', { later: 'Added later' });
    expect(i18n.hasResourceBundle('en', 'runtime')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'absent')).toBe(false);
    expect(t('later', { ns: 'runtime' })).toBe(t('later'));
  });

  it('gives components a new t when the language changes', async () => {
    await setUiLanguage('en');
    const { result } = renderHook(() => useTranslation('runtime'));
    const first = result.current.t;
    expect(first('hello' as never, { name: 'Ivan' })).toBe('Hello, Ivan!');
    await act(() => setUiLanguage('ru'));
    expect(result.current.t).not.toBe(first);
    expect(result.current.t('hello' as never, { name: 'Ivan' })).toBe('Привет, Ivan!');
    expect(result.current.i18n.language).toBe('ru');
  });

  it('loads a split namespace one language at a time, and the next one before switching to it', async () => {
    await setUiLanguage('en');
    const asked: string[] = [];
    const bundles = { en: { hi: 'Hi' }, ru: { hi: 'Привет' }, uk: { hi: 'Привіт' } };
    await i18n.loadNamespace('split', async (lang) => {
      asked.push(lang);
      return bundles[lang];
    });
    expect(asked).toEqual(['en']);
    expect(t('hi', { ns: 'split' })).toBe('Hi');

    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await i18n.loadNamespace('held', async (lang) => {
      if (lang === 'ru') await held;
      return { lang };
    });
    const switching = i18n.changeLanguage('ru');
    // A namespace first asked for while the switch waits gets the language being switched to.
    const late = i18n.loadNamespace('late', async (lang) => ({ lang }));
    expect(i18n.language).toBe('en');
    release();
    await Promise.all([switching, late]);
    expect(i18n.language).toBe('ru');
    expect(asked).toEqual(['en', 'ru']);
    expect(t('lang', { ns: 'late' })).toBe('ru');
    expect(t('lang', { ns: 'held' })).toBe('ru');
  });

  it('keeps the language shown when a text download fails, and switches on the next try', async () => {
    await setUiLanguage('en');
    let fail = true;
    await i18n.loadNamespace('flaky', async (lang) => {
      if (lang === 'uk' && fail) throw new Error('offline');
      return { lang };
    });
    await expect(i18n.changeLanguage('uk')).rejects.toThrow('offline');
    expect(i18n.language).toBe('en');
    fail = false;
    await i18n.changeLanguage('uk');
    expect(i18n.language).toBe('uk');
    expect(t('lang', { ns: 'flaky' })).toBe('uk');
  });
});
