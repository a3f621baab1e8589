import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

/** Resolves when the browser is online again (at once when it is). */
const online = () =>
  new Promise<void>((resolve) => {
    if (navigator.onLine) resolve();
    else window.addEventListener('online', () => resolve(), { once: true });
  });

/**
 * A toast shown offline ("no connection") must not take the page down when its host's code cannot arrive: the load
 * waits for the connection and tries again, the toasts stay queued meanwhile.
 */
async function loadHost(): Promise<typeof import('./NotificationsHost')> {
  for (;;) {
    try {
      return await import('./NotificationsHost');
    } catch {
      await online();
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

const NotificationsHost = lazy(loadHost);

/** Toasts' host, loaded when the first toast is shown (the store queues it meanwhile) and kept from then on. */
export function LazyNotifications() {
  const queued = useNotifications().notifications.length > 0;
  const [wanted, setWanted] = useState(false);
  if (queued && !wanted) setWanted(true);
  if (!wanted && !queued) return null;
  return (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  );
}
