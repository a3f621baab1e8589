import type { PageModule } from './lazy';

/**
 * The module registry: pages inside the shell. Adding a module is one entry here, its menu entry in menu.ts
 * (the spec's entries are already there) and its folder under src/features/.
 */
export interface ShellRoute {
  /** react-router path below the root, without the leading slash. */
  path: string;
  load: () => Promise<PageModule>;
  /** Who may open it; others go to the wall (spec portal §2 "Navigation rules"). */
  access?: 'admin' | 'superadmin';
}

export const shellRoutes: ShellRoute[] = [
  { path: 'company', load: () => import('../features/wall/WallPage') },
  { path: 'post/:_id', load: () => import('../features/wall/PostPage') },
  { path: 'profile/:_id', load: () => import('../features/profile/ProfilePage') },
  { path: 'addressBook', load: () => import('../features/addressBook/AddressBookPage') },
  { path: 'birthdays', load: () => import('../features/birthdays/BirthdaysPage') },
  { path: 'employees', load: () => import('../features/employees/EmployeesPage'), access: 'admin' },
  { path: 'clients', load: () => import('../features/clients/ClientsPage'), access: 'superadmin' },
];

/** Public pages, outside the shell (spec portal §2 "Public routes"). */
export const publicRoutes: { path: string; load: () => Promise<PageModule> }[] = [
  { path: 'login', load: () => import('../features/auth/LoginPage') },
  { path: 'login_new', load: () => import('../features/auth/WorkspaceLoginPage') },
  { path: 'authorize', load: () => import('../features/auth/AuthorizePage') },
  { path: 'register', load: () => import('../features/auth/RegisterPage') },
  { path: 'forgot-password', load: () => import('../features/auth/ForgotPasswordPage') },
  { path: 'reset-password/:token', load: () => import('../features/auth/ResetPasswordPage') },
];
