import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { authStore } from '../api/storage';
import { setUiLanguage } from '../i18n';
import '../i18n/dates';
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

await setUiLanguage('en', en);

afterEach(() => {
  cleanup();
  authStore.clearAll();
  localStorage.clear();
  sessionStorage.clear();
});
