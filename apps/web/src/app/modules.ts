import { i18n } from '../i18n';
import type {
  A11yPage,
  MenuEntry,
  ProfileTabSlot,
  PublicRoute,
  ShellRoute,
  Slot,
  TabSlot,
  WallWidget,
  WebModule,
} from './webModule';
import { MENU_CODES } from './webModule';

/**
 * The web modules: every `src/features/<feature>/module.ts`. Adding a module is adding its folder; the router, the
 * menu, the texts namespaces and the lists of widgets, tabs, badges and a11y pages below are built from this list.
 */
const found = import.meta.glob<WebModule>('../features/*/module.ts', { eager: true, import: 'default' });
export const webModules: WebModule[] = Object.values(found);

/** Loads a module's namespace in the language shown (others when switched to); pages wait, so they never show bare keys. */
export function loadModuleTexts(module: WebModule): Promise<void> {
  const texts = module.texts;
  return texts ? i18n.loadNamespace(texts.namespace, texts.load) : Promise.resolve();
}

/** A piece's code together with its module's texts (and those of the modules it `uses`). */
const withTexts =
  <T>(texts: WebModule[], load: () => Promise<T>): (() => Promise<T>) =>
  async () => {
    const [loaded] = await Promise.all([load(), ...texts.map(loadModuleTexts)]);
    return loaded;
  };

/** A slot of the registry: loads with its module's texts; `namespace` is where its label is. */
export type Placed<S extends Slot<unknown>> = S & { module: string; namespace?: string };

/** The lists a module adds to (besides routes and menu); one key per list. */
const SLOT_LISTS = [
  'wallWidgets',
  'adminTabs',
  'employeesTabs',
  'profileTabs',
  'profileBadges',
  'projectPanels',
  'headerItems',
  'personActions',
] as const;

export interface Registry {
  shellRoutes: ShellRoute[];
  publicRoutes: PublicRoute[];
  /** Menu entries of every module, in the spec's order. */
  menu: MenuEntry[];
  /** The lists of pieces other modules' pages show, each in its entries' `order`. */
  wallWidgets: Placed<WallWidget>[];
  adminTabs: Placed<TabSlot>[];
  employeesTabs: Placed<TabSlot>[];
  profileTabs: Placed<ProfileTabSlot>[];
  profileBadges: Placed<NonNullable<WebModule['profileBadges']>[number]>[];
  projectPanels: Placed<NonNullable<WebModule['projectPanels']>[number]>[];
  headerItems: Placed<NonNullable<WebModule['headerItems']>[number]>[];
  personActions: Placed<NonNullable<WebModule['personActions']>[number]>[];
  /** The accessibility pass's pages, with the module that declared each. */
  a11yPages: (A11yPage & { module: string })[];
}

/** The app's registries from a list of modules; a module missing a piece it needs is refused here, loudly. */
export function buildRegistry(modules: WebModule[]): Registry {
  const seen = {
    paths: new Map<string, string>(),
    codes: new Map<string, string>(),
    namespaces: new Map<string, string>(),
    keys: new Map<string, string>(),
  };
  const claim = (kind: keyof typeof seen, key: string, owner: string) => {
    const other = seen[kind].get(key);
    if (other) throw new Error(`web modules ${other} and ${owner} both declare ${kind.slice(0, -1)} "${key}"`);
    seen[kind].set(key, owner);
  };
  const byName = new Map(modules.map((module) => [module.name, module]));
  /** The module and those it uses, whose texts its pieces show. */
  const texts = (module: WebModule): WebModule[] => [
    module,
    ...(module.uses ?? []).map((name) => {
      const used = byName.get(name);
      if (!used) throw new Error(`web module ${module.name} uses "${name}", which is not a module`);
      return used;
    }),
  ];
  for (const module of modules) {
    texts(module);
    for (const route of [...(module.routes ?? []), ...(module.publicRoutes ?? [])])
      claim('paths', route.path, module.name);
    for (const entry of module.menu ?? []) claim('codes', entry.code, module.name);
    if (module.texts) claim('namespaces', module.texts.namespace, module.name);
    for (const list of SLOT_LISTS)
      for (const slot of module[list] ?? []) claim('keys', `${list} ${slot.key}`, module.name);
    for (const page of module.a11yPages ?? []) claim('paths', `a11y ${page.path}`, module.name);
  }
  const place = <S extends Slot<unknown>>(list: (typeof SLOT_LISTS)[number]): Placed<S>[] =>
    modules
      .flatMap((module) =>
        ((module[list] ?? []) as unknown as S[]).map((slot) => ({
          ...slot,
          load: withTexts(texts(module), slot.load),
          module: module.name,
          namespace: texts(module).find((m) => m.texts)?.texts?.namespace,
        })),
      )
      .sort((a, b) => a.order - b.order);
  const order = (entry: MenuEntry) => MENU_CODES.indexOf(entry.code);
  return {
    shellRoutes: modules.flatMap((module) =>
      (module.routes ?? []).map((route) => ({ ...route, load: withTexts(texts(module), route.load) })),
    ),
    publicRoutes: modules.flatMap((module) =>
      (module.publicRoutes ?? []).map((route) => ({ ...route, load: withTexts(texts(module), route.load) })),
    ),
    menu: modules.flatMap((module) => module.menu ?? []).sort((a, b) => order(a) - order(b)),
    wallWidgets: place('wallWidgets'),
    adminTabs: place('adminTabs'),
    employeesTabs: place('employeesTabs'),
    profileTabs: place('profileTabs'),
    profileBadges: place('profileBadges'),
    projectPanels: place('projectPanels'),
    headerItems: place('headerItems'),
    personActions: place('personActions'),
    a11yPages: modules.flatMap((module) => (module.a11yPages ?? []).map((page) => ({ ...page, module: module.name }))),
  };
}

export const registry = buildRegistry(webModules);
