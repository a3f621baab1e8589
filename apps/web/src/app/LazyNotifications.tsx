import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

const NotificationsHost = lazy(() => import('./NotificationsHost'));

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
