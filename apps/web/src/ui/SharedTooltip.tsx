import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/** Hover this long before the tip shows, so moving across a list does not flash tips. */
const OPEN_DELAY_MS = 250;
const GAP = 6;

/**
 * Marks an element for the page's one tooltip: `<ActionIcon {...tip('Send e-mail')} aria-label="Send e-mail">`.
 * The tip repeats what the element's accessible name already says, for sighted mouse and keyboard users.
 */
export const tip = (label: string) => ({ 'data-tip': label });

interface Shown {
  label: string;
  rect: DOMRect;
}

/**
 * One tooltip for the whole app, shown for whatever `[data-tip]` element is hovered or keyboard-focused. A list of
 * 500 people with four icon buttons each would otherwise mount 2,000 Mantine tooltips, each with its own positioning
 * engine and listeners. Escape hides it (WCAG 2.2 §1.4.13); it is hidden from assistive tech, which reads the
 * element's own name.
 */
export function SharedTooltip() {
  const [shown, setShown] = useState<Shown | null>(null);
  const box = useRef<HTMLDivElement | null>(null);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let current: HTMLElement | null = null;
    const hide = () => {
      clearTimeout(timer);
      current = null;
      setShown(null);
    };
    const show = (target: HTMLElement, delay: number) => {
      clearTimeout(timer);
      current = target;
      timer = setTimeout(() => {
        const label = target.dataset.tip;
        if (current === target && label && target.isConnected)
          setShown({ label, rect: target.getBoundingClientRect() });
      }, delay);
    };
    const tipped = (event: Event) => (event.target as Element | null)?.closest?.<HTMLElement>('[data-tip]') ?? null;
    const over = (event: PointerEvent) => {
      if (event.pointerType === 'touch') return;
      const target = tipped(event);
      if (target && target !== current) show(target, OPEN_DELAY_MS);
      else if (!target && current) hide();
    };
    const focusIn = (event: FocusEvent) => {
      const target = tipped(event);
      if (target?.matches(':focus-visible')) show(target, 0);
    };
    const key = (event: KeyboardEvent) => event.key === 'Escape' && hide();
    document.addEventListener('pointerover', over);
    document.addEventListener('focusin', focusIn);
    document.addEventListener('focusout', hide);
    document.addEventListener('keydown', key);
    document.addEventListener('scroll', hide, { capture: true, passive: true });
    document.addEventListener('pointerdown', hide);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('pointerover', over);
      document.removeEventListener('focusin', focusIn);
      document.removeEventListener('focusout', hide);
      document.removeEventListener('keydown', key);
      document.removeEventListener('scroll', hide, { capture: true });
      document.removeEventListener('pointerdown', hide);
    };
  }, []);

  // Below the element, centred, kept inside the window; above it when there is no room below.
  useLayoutEffect(() => {
    const node = box.current;
    if (!node || !shown) return;
    const { rect } = shown;
    const width = node.offsetWidth;
    const height = node.offsetHeight;
    const left = Math.min(Math.max(8, rect.left + rect.width / 2 - width / 2), window.innerWidth - width - 8);
    const below = rect.bottom + GAP + height <= window.innerHeight;
    node.style.left = `${left}px`;
    node.style.top = `${below ? rect.bottom + GAP : rect.top - GAP - height}px`;
    node.style.visibility = 'visible';
  }, [shown]);

  if (!shown) return null;
  return (
    <div ref={box} className="hw-tooltip" aria-hidden style={{ visibility: 'hidden' }}>
      {shown.label}
    </div>
  );
}
