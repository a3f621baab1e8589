import { describe, expect, it } from 'vitest';
import en from './en';
import { toApiLang, toUiLang } from './index';
import ru from './ru';
import uk from './uk';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') found.set(path, value);
    else for (const [inner, text] of leaves(value, path)) found.set(inner, text);
  }
  return found;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('interface texts', () => {
  const english = leaves(en);

  it.each([
    ['ru', ru],
    ['uk', uk],
  ])('%s has every English text, non-empty, with the same placeholders', (_lang, resources) => {
    const other = leaves(resources as unknown as Tree);
    expect([...other.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of other) {
      expect(text.trim(), key).not.toBe('');
      expect(placeholders(text), key).toEqual(placeholders(english.get(key)!));
    }
  });

  it('maps the API language code ua to uk and back', () => {
    expect(toUiLang('ua')).toBe('uk');
    expect(toUiLang('ru')).toBe('ru');
    expect(toUiLang('de')).toBeNull();
    expect(toApiLang('uk')).toBe('ua');
    expect(toApiLang('en')).toBe('en');
  });
});
