import { describe, expect, it } from 'vitest';
import { CATALOGUE_NS, loadCatalogues } from './catalogues';
import { translateCode } from './errors';
import { i18n, setUiLanguage } from './index';

const messageFiles = import.meta.glob<Record<string, Record<string, string>>>(
  ['../../../../packages/shared/src/messages.ts', '../../../../packages/shared/src/schemas/*.messages.ts'],
  { import: 'messages', eager: true },
);
const notificationFiles = import.meta.glob<Record<string, { label: Record<string, string> }>>(
  '../../../../packages/shared/src/schemas/*.notifications.ts',
  { import: 'notifications', eager: true },
);
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the catalogues of the modules (errors and notification names)', () => {
  it('are found by file name: the platform and every module that declares codes', () => {
    const owners = Object.keys(messageFiles).map((file) =>
      file
        .split('/')
        .at(-1)!
        .replace(/\.messages\.ts$|\.ts$/, ''),
    );
    expect(owners).toContain('messages');
    expect(owners).toContain('vacations');
    expect(Object.keys(notificationFiles).length).toBeGreaterThan(0);
  });

  it('have every text in ru, uk and en, non-empty, with the same placeholders', () => {
    const problems: string[] = [];
    const check = (where: string, texts: Record<string, string>) => {
      for (const lang of ['en', 'ru', 'uk']) {
        if (!texts[lang]?.trim()) problems.push(`${where}: no ${lang} text`);
        else if (placeholders(texts[lang]).join() !== placeholders(texts.en ?? '').join())
          problems.push(`${where}: the ${lang} placeholders differ`);
      }
    };
    for (const catalogue of Object.values(messageFiles))
      for (const [code, texts] of Object.entries(catalogue)) check(code, texts);
    for (const catalogue of Object.values(notificationFiles))
      for (const [code, definition] of Object.entries(catalogue)) check(code, definition.label);
    expect(problems).toEqual([]);
  });

  it('translate a module’s error code in the language shown once loaded, placeholders filled', async () => {
    await setUiLanguage('ru');
    await loadCatalogues();
    expect(i18n.hasResourceBundle('ru', CATALOGUE_NS)).toBe(true);
    expect(translateCode('vacation_over_balance', { left: 3 })).toBe(
      'Отпуск не укладывается в остаток: осталось дней — 3',
    );
    await setUiLanguage('en');
    expect(translateCode('vacation_over_balance', { left: 3 })).toBe(
      'The vacation does not fit within the balance: 3 days left',
    );
    // A code no catalogue has shows the server's own text.
    expect(translateCode('no_such_code', {}, 'Server says no')).toBe('Server says no');
  });
});
