import type { A11yPage } from '../../app/webModule';

/** The accessibility pass's pages of this module (plain data: the browser tests read it in Node). */
export const a11yPages: A11yPage[] = [
  { path: '/courses', as: 'admin' },
  { path: '/courses/settings', as: 'admin' },
  { path: '/courses/new', as: 'admin' },
  { path: '/courses/:first', as: 'admin', first: '/api/courses?list=manage' },
  { path: '/courses/analytics', as: 'admin' },
  { path: '/courses/analytics/:me', as: 'admin' },
  // A test's page needs two ids (its course's and its own), more than `first` gives: e2e/specs/learning.spec.ts runs
  // axe-core on the test editor, a test being taken and its result instead.
];
