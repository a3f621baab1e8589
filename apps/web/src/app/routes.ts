import { registry } from './modules';

export type { PublicRoute, ShellRoute } from './webModule';

/** Pages inside the shell, from the modules' `routes` (app/modules.ts). */
export const shellRoutes = registry.shellRoutes;

/** Public pages, outside the shell (spec portal §2 "Public routes"), from the modules' `publicRoutes`. */
export const publicRoutes = registry.publicRoutes;
