import { SESSION_IDLE_MS } from '@hallway/shared';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { api } from '../../api/client';
import { authStore } from '../../api/storage';
import { isImplemented } from '../menu';

/** Pages whose visits are not reported (spec portal §2 "Navigation rules"), by their first path segment. */
export const VISIT_EXEMPT = new Set([
  'profile',
  'birthdays',
  'group',
  'post',
  'vacations',
  'vacancy',
  'article',
  'desk',
  'clients',
  'admin',
  'login',
  'login_new',
  'authorize',
  'register',
  'forgot-password',
  'reset-password',
]);

/** The module a path belongs to, or null for exempt and unknown pages. */
export function moduleOfPath(pathname: string): string | null {
  const first = pathname.split('/').filter(Boolean)[0];
  if (!first || VISIT_EXEMPT.has(first) || !isImplemented(pathname)) return null;
  return first;
}

const ACTIVITY_EVENTS = ['keydown', 'scroll', 'click'] as const;

/**
 * Activity tracking of spec portal §4: keyboard, scroll and click; the first activity stores the session start;
 * after 10 minutes without activity the session is reported and the start resets.
 */
export function useActivityTracking(userId: string | null, clientId: string | null, idleMs = SESSION_IDLE_MS): void {
  useEffect(() => {
    if (!userId || !clientId) return;
    let sessionStart: Date | null = null;
    let idleTimer: ReturnType<typeof setTimeout> | undefined;

    const report = () => {
      if (!sessionStart) return;
      const body = {
        sessionStart: sessionStart.toISOString(),
        currentTime: new Date().toISOString(),
        userId,
        clientId,
      };
      sessionStart = null;
      api('/api/analytics/visitors', { method: 'POST', body, local: true }).catch(() => undefined);
    };
    const onActivity = () => {
      sessionStart ??= new Date();
      clearTimeout(idleTimer);
      idleTimer = setTimeout(report, idleMs);
    };

    const options = { capture: true, passive: true };
    for (const event of ACTIVITY_EVENTS) window.addEventListener(event, onActivity, options);
    return () => {
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, onActivity, options);
      clearTimeout(idleTimer);
    };
  }, [userId, clientId, idleMs]);
}

/** Module visits (spec portal §2): reported with the module and the time it was opened, when the page is left. */
export function useModuleVisits(userId: string | null, clientId: string | null): void {
  const { pathname } = useLocation();
  const visit = useRef<{ module: string; date: Date } | null>(null);
  const who = useRef({ userId, clientId });
  who.current = { userId, clientId };

  useEffect(() => {
    const send = (keepalive: boolean) => {
      const current = visit.current;
      const { userId, clientId } = who.current;
      visit.current = null;
      // After a logout there is nobody to report for.
      if (!current || !userId || !clientId || !authStore.get().token) return;
      const body = { module: current.module, date: current.date.toISOString(), userId, clientId };
      api('/api/analytics/modules', { method: 'POST', body, local: true, keepalive }).catch(() => undefined);
    };
    const module = moduleOfPath(pathname);
    visit.current = module ? { module, date: new Date() } : null;
    const onPageHide = () => send(true);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      send(false);
    };
  }, [pathname]);
}
