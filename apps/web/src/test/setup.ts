// As in main.tsx, first: the test files share their workers' modules (vitest.config.ts `isolate: false`), so a schema
// compiled by one file would otherwise be compiled before another file sets Zod's jitless mode.
import '../app/zodWithoutEval';
import { notifications } from '@mantine/notifications';
import { act, cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { authStore } from '../api/storage';
import { setUiLanguage } from '../i18n';
import '../i18n/dates';
import { loadCatalogues } from '../i18n/catalogues';
import en from '../i18n/en';

// Mantine measures and observes elements; happy-dom lacks a few of the browser APIs it reaches for.
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.assign(window, { ResizeObserver: ResizeObserverStub });
}
if (!window.matchMedia) {
  Object.assign(window, {
    matchMedia: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener() {},
      removeEventListener() {},
      addListener() {},
      removeListener() {},
      dispatchEvent: () => false,
    }),
  });
}
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};

// findBy… and waitFor wait for what a test expects to appear; their limit guards against a hang and must hold on a
// machine loaded by other work (the library's 1 s failed component tests there), so it is generous.
configure({ asyncUtilTimeout: 15_000 });

await setUiLanguage('en', en);
// The error texts and notification names arrive on demand in the app (i18n/catalogues.ts); components see them loaded.
await loadCatalogues();

afterEach(() => {
  // Mantine's notification store is a module of its own, shared by every test file of a worker (`isolate: false`):
  // left over, earlier toasts fill its limit and queue a later test's toast out of sight.
  act(() => notifications.clean());
  cleanup();
  authStore.clearAll();
  localStorage.clear();
  sessionStorage.clear();
});
