import { IconChartBar } from '@tabler/icons-react';
import { describe, expect, it } from 'vitest';
import { i18n, setUiLanguage, UI_LANGS } from '../i18n';
import { translationProblems } from '../i18n/feature';
import { isImplemented, type MenuAccess, visibleMenu } from './menu';
import { buildRegistry, loadModuleTexts, registry, webModules } from './modules';
import { defineWebModule, MENU_CODES } from './webModule';

const Page = () => null;
const probeTexts = {
  en: { title: 'Notices', empty: 'No notices for {{name}}' },
  ru: { title: 'Уведомления', empty: 'Нет уведомлений для {{name}}' },
  uk: { title: 'Сповіщення', empty: 'Немає сповіщень для {{name}}' },
};
const probeLoads: string[] = [];
const probe = defineWebModule({
  name: 'probe',
  routes: [{ path: 'adaptation', load: async () => ({ default: Page }) }],
  menu: [{ code: 'adaptation', to: () => '/adaptation', icon: IconChartBar, feature: 'adaptation' }],
  texts: {
    namespace: 'probe',
    load: async (lang) => {
      probeLoads.push(lang);
      return probeTexts[lang];
    },
  },
  wallWidgets: [
    { key: 'probe', order: 25, feature: 'adaptation', load: async () => ({ default: Page, data: async () => 0 }) },
  ],
  adminTabs: [{ key: 'probe', order: 35, label: 'title', load: async () => ({ default: Page }) }],
  profileTabs: [{ key: 'probe', order: 15, mode: 'view', label: 'title', load: async () => ({ default: Page }) }],
  headerItems: [{ key: 'probe', order: 90, load: async () => ({ default: Page }) }],
  personActions: [{ key: 'probe', order: 90, load: async () => ({ default: Page }) }],
  a11yPages: [{ path: '/adaptation', as: 'admin' }],
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
  it('finds every feature folder, each a module named after its folder', () => {
    const files = Object.keys(import.meta.glob('../features/*/*.{ts,tsx}'));
    const folders = [...new Set(files.map((file) => file.split('/')[2]))];
    expect(webModules.map((module) => module.name).sort()).toEqual(folders.sort());
    expect(registry.shellRoutes.map((route) => route.path)).toContain('company');
    expect(registry.publicRoutes.map((route) => route.path)).toContain('login');
  });

  it("puts a module's page in the router, its entry in the menu and its texts in their namespace", async () => {
    const built = buildRegistry([...webModules, probe]);
    expect(isImplemented('/adaptation', built.shellRoutes)).toBe(true);
    expect(isImplemented('/adaptation', registry.shellRoutes)).toBe(false);
    // The spec's order puts adaptation after the task board, whatever the module list's order.
    const codes = (a: MenuAccess) => visibleMenu(a, built.menu, built.shellRoutes).map((entry) => entry.code);
    const shown = codes(access());
    expect(shown).toContain('adaptation');
    expect(shown).toEqual([...shown].sort((a, b) => MENU_CODES.indexOf(a) - MENU_CODES.indexOf(b)));
    expect(codes(access({ hasFeature: (feature) => feature !== 'adaptation' }))).not.toContain('adaptation');

    const route = built.shellRoutes.find((r) => r.path === 'adaptation')!;
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

  it("puts a module's widget, tabs, header button, person action and a11y page in their lists, in order", async () => {
    const built = buildRegistry([...webModules, probe]);
    const lists = [built.wallWidgets, built.adminTabs, built.profileTabs, built.headerItems, built.personActions];
    for (const list of lists) {
      const placed = list.find((slot) => slot.module === 'probe')!;
      expect(placed.key).toBe('probe');
      expect(list.map((slot) => slot.order)).toEqual([...list.map((slot) => slot.order)].sort((a, b) => a - b));
      // Its code loads with its module's texts, where its label is.
      await expect(placed.load()).resolves.toMatchObject({ default: Page });
      expect(placed.namespace).toBe('probe');
    }
    expect(built.a11yPages).toContainEqual({ path: '/adaptation', as: 'admin', module: 'probe' });
    for (const list of [registry.wallWidgets, registry.adminTabs, registry.profileTabs, registry.a11yPages]) {
      expect(list.map((entry) => entry.module)).not.toContain('probe');
    }
  });

  it.each(
    (['adminTabs', 'employeesTabs', 'profileTabs'] as const).flatMap((list) =>
      registry[list].map((tab) => [`${list} ${tab.key}`, tab] as const),
    ),
  )('tab %s has its label in its module’s namespace', async (_name, tab) => {
    // The texts only: the tab's code is not needed for its label.
    await loadModuleTexts(webModules.find((module) => module.texts?.namespace === tab.namespace)!);
    const t = i18n.t as (key: string, options: object) => string;
    expect(tab.namespace).toBeDefined();
    expect(t(tab.label, { ns: tab.namespace })).not.toBe(tab.label);
  });

  it('refuses two modules claiming the same path, menu code, namespace or slot key', () => {
    const copy = (changes: object) => ({ ...probe, name: 'copy', ...changes });
    const none = {
      routes: [],
      menu: [],
      texts: undefined,
      wallWidgets: [],
      adminTabs: [],
      profileTabs: [],
      a11yPages: [],
    };
    expect(() => buildRegistry([probe, copy({ ...none, adminTabs: probe.adminTabs })])).toThrow(/adminTabs probe/);
    expect(() => buildRegistry([probe, copy({ ...none, uses: ['nowhere'] })])).toThrow(/"nowhere"/);
    expect(() => buildRegistry([probe, copy({ ...none, routes: probe.routes })])).toThrow(/path "adaptation"/);
    expect(() => buildRegistry([probe, copy({ ...none, menu: probe.menu })])).toThrow(/code "adaptation"/);
    expect(() => buildRegistry([probe, copy({ ...none, texts: probe.texts })])).toThrow(/namespace "probe"/);
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
