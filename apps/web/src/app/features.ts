import {
  type ClientDto,
  type Feature,
  RIGHT_FEATURES,
  RIGHTS,
  type Right,
  START_PAGE_FEATURES,
  START_PAGES,
  type StartPage,
} from '@hallway/shared';
import { webModules } from './modules';
import type { WebModule } from './webModule';

type Workspace = Pick<ClientDto, 'features'>;

/**
 * Whether the app offers what belongs to a feature (its rights, its settings): a web module builds it and the
 * workspace has it on. A switch for a module that does not exist would change nothing (issue 12).
 */
export function featureOffered(
  feature: Feature | null,
  workspace: Workspace,
  modules: WebModule[] = webModules,
): boolean {
  if (feature === null) return true;
  if (!modules.some((module) => module.features?.includes(feature))) return false;
  return workspace.features.some((flag) => flag.code === feature && flag.active);
}

/** The rights worth showing for a workspace, in the spec's order. */
export const offeredRights = (workspace: Workspace, modules: WebModule[] = webModules): Right[] =>
  RIGHTS.filter((right) => featureOffered(RIGHT_FEATURES[right], workspace, modules));

/** The start pages a workspace may choose now; the current one stays listed so the field never shows blank. */
export const offeredStartPages = (
  workspace: Workspace & { start_page: string },
  modules: WebModule[] = webModules,
): StartPage[] =>
  START_PAGES.filter(
    (page) => page === workspace.start_page || featureOffered(START_PAGE_FEATURES[page], workspace, modules),
  );
