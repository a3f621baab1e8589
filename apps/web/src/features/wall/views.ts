import type { QueryClient } from '@tanstack/react-query';
import { viewPost } from './api';
import { seen } from './unseen';

/** A post counts as seen after it has been at least half on screen (or filled half the screen) for this long. */
const DWELL_MS = 800;

interface Watched {
  postId: string;
  where: string;
  timer?: ReturnType<typeof setTimeout>;
}

/**
 * Reports views as posts become visible: one IntersectionObserver for the page, one `PUT api/post/{id}/view` per
 * post and person (the server counts a view once; the tracker does not even ask twice).
 */
export class ViewTracker {
  private readonly watched = new Map<Element, Watched>();
  private readonly reported = new Set<string>();
  private observer: IntersectionObserver | null = null;
  private markersEpoch = 0;
  private readonly kept = new Set<string>();
  private readonly listeners = new Set<() => void>();

  constructor(private readonly report: (postId: string, where: string) => void) {}

  private ensureObserver(): IntersectionObserver | null {
    if (this.observer || typeof IntersectionObserver === 'undefined') return this.observer;
    this.observer = new IntersectionObserver((entries) => this.onEntries(entries), { threshold: [0, 0.5, 1] });
    return this.observer;
  }

  private onEntries(entries: IntersectionObserverEntry[]) {
    for (const entry of entries) {
      const watched = this.watched.get(entry.target);
      if (!watched) continue;
      const screen = entry.rootBounds?.height ?? window.innerHeight;
      const seen = entry.intersectionRatio >= 0.5 || entry.intersectionRect.height >= screen / 2;
      if (seen && !watched.timer) {
        watched.timer = setTimeout(() => this.fire(entry.target), DWELL_MS);
      } else if (!seen && watched.timer) {
        clearTimeout(watched.timer);
        watched.timer = undefined;
      }
    }
  }

  private fire(element: Element) {
    const watched = this.watched.get(element);
    if (!watched) return;
    this.unobserve(element);
    if (this.reported.has(watched.postId)) return;
    this.reported.add(watched.postId);
    this.kept.add(watched.postId);
    this.report(watched.postId, watched.where);
  }

  /** Starts watching a post's element; answers the function that stops it. */
  observe(element: Element, postId: string, where: string): () => void {
    if (this.reported.has(postId)) return () => {};
    const observer = this.ensureObserver();
    if (!observer) return () => {};
    this.watched.set(element, { postId, where });
    observer.observe(element);
    return () => this.unobserve(element);
  }

  private unobserve(element: Element) {
    const watched = this.watched.get(element);
    if (watched?.timer) clearTimeout(watched.timer);
    this.watched.delete(element);
    this.observer?.unobserve(element);
  }

  /**
   * "New" markers stay on the posts read on screen during this visit (so the reader sees what was new) until "Mark
   * all as read" clears them: each clearing starts a new epoch, which cards read through `useSyncExternalStore`.
   */
  readonly subscribeMarkers = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  readonly markersEpochNow = () => this.markersEpoch;
  keepsMarker(postId: string) {
    return this.kept.has(postId);
  }
  clearMarkers() {
    this.kept.clear();
    this.markersEpoch += 1;
    for (const listener of this.listeners) listener();
  }

  /** Posts marked viewed in bulk (`PUT api/post/all/view`) need no report of their own. */
  markReported(postIds: string[]) {
    for (const id of postIds) this.reported.add(id);
  }

  disconnect() {
    for (const watched of this.watched.values()) clearTimeout(watched.timer);
    this.watched.clear();
    this.observer?.disconnect();
    this.observer = null;
  }
}

export function createViewTracker(client: QueryClient, userId: string) {
  return new ViewTracker((postId, where) => {
    viewPost(postId, userId, where)
      .then((answer) => seen(client, userId, [postId], answer.counted))
      .catch(() => {
        // A view that failed to count is not worth bothering the reader; the next visit counts it.
      });
  });
}
