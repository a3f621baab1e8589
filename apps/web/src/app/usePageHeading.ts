import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** How long a page may take to show its heading (its code and first data) before we stop waiting. */
const WAIT_MS = 10_000;

const headingOf = () => document.querySelector<HTMLElement>('main h1, h1');

/**
 * Names the tab after the page's heading ("Address book · Northwind Labs") and, after an in-app navigation, moves
 * focus to that heading so a screen reader announces the new page and Tab continues from its top (WCAG 2.2 §2.4.2,
 * §2.4.3). Every page has one h1, so a new module gets both without registering anything. `refreshKey` names what
 * else renames the tab: the language, and the start-up step that sets the bare product name.
 *
 * A new page (a link followed, not back or forward, where the browser restores the place) also starts at its top:
 * the shell's scrolling area is the document, which would otherwise keep the last page's position.
 */
export function usePageHeading(siteName: string, refreshKey: string) {
  const { pathname } = useLocation();
  const navigation = useNavigationType();
  const shownPath = useRef<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey re-reads the heading when the language changes
  useEffect(() => {
    // Focus moves only when the page changed, not on the first load or a change of language.
    const moveFocus = shownPath.current !== null && shownPath.current !== pathname;
    shownPath.current = pathname;
    if (moveFocus && navigation !== 'POP') window.scrollTo(0, 0);
    const apply = (heading: HTMLElement) => {
      const text = heading.textContent?.trim();
      document.title = text && text !== siteName ? `${text} · ${siteName}` : siteName;
      if (!moveFocus) return;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      // A person who already moved on (typing in a field, in a dialog or menu) keeps their place.
      const active = document.activeElement;
      if (active?.closest('input, textarea, select, [contenteditable], [role="dialog"], [role="menu"]')) return;
      heading.focus({ preventScroll: true });
    };
    // The effect runs once the new page has rendered; its heading may still wait for the page's data.
    const found = headingOf();
    if (found) {
      apply(found);
      return;
    }
    const observer = new MutationObserver(() => {
      const heading = headingOf();
      if (!heading) return;
      stop();
      apply(heading);
    });
    const timer = setTimeout(() => stop(), WAIT_MS);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [pathname, siteName, refreshKey]);
}
