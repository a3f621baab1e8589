import { IconChartBar } from '@tabler/icons-react';
import { describe, expect, it } from 'vitest';
import { i18n, setUiLanguage, UI_LANGS } from '../i18n';
import { translationProblems } from '../i18n/feature';
import { isImplemented, type MenuAccess, visibleMenu } from './menu';
import { buildRegistry, loadModuleTexts, registry, webModules } from './modules';
import { defineWebModule } from './webModule';

const Page = () => null;
const probeTexts = {
  en: { title: 'Notices', empty: 'No notices for {{name}}' },
  ru: { title: 'Уведомления', empty: 'Нет уведомлений для {{name}}' },
  uk: { title: 'Сповіщення', empty: 'Немає сповіщень для {{name}}' },
};
const probeLoads: string[] = [];
const probe = defineWebModule({
  name: 'probe',
  routes: [{ path: 'polls', load: async () => ({ default: Page }) }],
  menu: [{ code: 'polls', to: () => '/polls', icon: IconChartBar, feature: 'polls' }],
  texts: {
    namespace: 'probe',
    load: async (lang) => {
      probeLoads.push(lang);
      return probeTexts[lang];
    },
  },
});

const access = (overrides: Partial<MenuAccess> = {}): MenuAccess => ({
  userId: 'u1',
  client: { menu: [] },
  isAdmin: false,
  isSuperadmin: false,
  can: () => true,
  hasFeature: () => true,
  ...overrides,
});

describe('web module registry', () => {
  it('finds every feature folder with a module.ts', () => {
    expect(webModules.map((module) => module.name).sort()).toEqual([
      'addressBook',
      'admin',
      'auth',
      'birthdays',
      'calendar',
      'clients',
      'employees',
      'groups',
      'notifications',
      'profile',
      'structure',
      'vacations',
      'wall',
    ]);
    expect(registry.shellRoutes.map((route) => route.path)).toContain('company');
    expect(registry.publicRoutes.map((route) => route.path)).toContain('login');
  });

  it("puts a module's page in the router, its entry in the menu and its texts in their namespace", async () => {
    const built = buildRegistry([...webModules, probe]);
    expect(isImplemented('/polls', built.shellRoutes)).toBe(true);
    expect(isImplemented('/polls', registry.shellRoutes)).toBe(false);
    // The spec's order puts polls after the people side, whatever the module list's order.
    const codes = (a: MenuAccess) => visibleMenu(a, built.menu, built.shellRoutes).map((entry) => entry.code);
    expect(codes(access())).toEqual([
      'notifications',
      'company',
      'addressBook',
      'profile',
      'groups',
      'calendar',
      'birthdays',
      'polls',
      'structure',
      'vacations',
    ]);
    expect(codes(access({ hasFeature: (feature) => feature !== 'polls' }))).not.toContain('polls');

    const route = built.shellRoutes.find((r) => r.path === 'polls')!;
    await expect(route.load()).resolves.toEqual({ default: Page });
    // One language at a time: the one shown, then the one switched to, before the switch shows.
    expect(probeLoads).toEqual(['en']);
    await setUiLanguage('uk');
    expect(probeLoads).toEqual(['en', 'uk']);
    // Untyped: the probe namespace is not among the app's declared resources.
    const t = (key: string, values?: object) =>
      (i18n.t as (k: string, v: object) => string)(key, { ns: 'probe', ...values });
    expect(t('title')).toBe('Сповіщення');
    await setUiLanguage('en');
    expect(t('empty', { name: 'Anna' })).toBe('No notices for Anna');
  });

  it('refuses two modules claiming the same path, menu code or namespace', () => {
    const copy = (changes: object) => ({ ...probe, name: 'copy', ...changes });
    expect(() => buildRegistry([probe, copy({ menu: [], texts: undefined })])).toThrow(/path "polls"/);
    expect(() => buildRegistry([probe, copy({ routes: [], texts: undefined })])).toThrow(/code "polls"/);
    expect(() => buildRegistry([probe, copy({ routes: [], menu: [] })])).toThrow(/namespace "probe"/);
  });

  it.each(webModules.filter((module) => module.texts).map((module) => [module.texts!.namespace, module]))(
    'namespace %s has every text in ru, uk and en, with the same placeholders',
    async (namespace, module) => {
      const [en, ru, uk] = await Promise.all(UI_LANGS.map((lang) => module.texts!.load(lang)));
      expect(translationProblems({ en: en!, ru: ru!, uk: uk! })).toEqual([]);
      await loadModuleTexts(module);
      expect(i18n.hasResourceBundle(i18n.language!, namespace)).toBe(true);
    },
  );
});
