import { i18n } from '../i18n';
import type { MenuEntry, PublicRoute, ShellRoute, WebModule } from './webModule';
import { MENU_CODES } from './webModule';

/**
 * The web modules: every `src/features/<feature>/module.ts`. Adding a module is adding its folder; the router, the
 * menu and the texts namespaces below are all built from this one list.
 */
const found = import.meta.glob<WebModule>('../features/*/module.ts', { eager: true, import: 'default' });
export const webModules: WebModule[] = Object.values(found);

/** Loads a module's namespace in the language shown (others when switched to); pages wait, so they never show bare keys. */
export function loadModuleTexts(module: WebModule): Promise<void> {
  const texts = module.texts;
  return texts ? i18n.loadNamespace(texts.namespace, texts.load) : Promise.resolve();
}

/** A page's code together with its module's texts. */
const withTexts =
  (module: WebModule, load: ShellRoute['load']): ShellRoute['load'] =>
  async () => {
    const [page] = await Promise.all([load(), ...[module, ...(module.uses ?? [])].map(loadModuleTexts)]);
    return page;
  };

export interface Registry {
  shellRoutes: ShellRoute[];
  publicRoutes: PublicRoute[];
  /** Menu entries of every module, in the spec's order. */
  menu: MenuEntry[];
}

/** The app's registries from a list of modules; a module missing a piece it needs is refused here, loudly. */
export function buildRegistry(modules: WebModule[]): Registry {
  const seen = {
    paths: new Map<string, string>(),
    codes: new Map<string, string>(),
    namespaces: new Map<string, string>(),
  };
  const claim = (kind: keyof typeof seen, key: string, owner: string) => {
    const other = seen[kind].get(key);
    if (other) throw new Error(`web modules ${other} and ${owner} both declare ${kind.slice(0, -1)} "${key}"`);
    seen[kind].set(key, owner);
  };
  for (const module of modules) {
    for (const route of [...(module.routes ?? []), ...(module.publicRoutes ?? [])])
      claim('paths', route.path, module.name);
    for (const entry of module.menu ?? []) claim('codes', entry.code, module.name);
    if (module.texts) claim('namespaces', module.texts.namespace, module.name);
  }
  const order = (entry: MenuEntry) => MENU_CODES.indexOf(entry.code);
  return {
    shellRoutes: modules.flatMap((module) =>
      (module.routes ?? []).map((route) => ({ ...route, load: withTexts(module, route.load) })),
    ),
    publicRoutes: modules.flatMap((module) =>
      (module.publicRoutes ?? []).map((route) => ({ ...route, load: withTexts(module, route.load) })),
    ),
    menu: modules.flatMap((module) => module.menu ?? []).sort((a, b) => order(a) - order(b)),
  };
}

export const registry = buildRegistry(webModules);
