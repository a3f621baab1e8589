import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/**
 * Where toasts show. Its own chunk (with react-transition-group and its styles), loaded by AppRoot only once the
 * first toast is asked for: the sign-in page needs none of it on first paint.
 */
export default function NotificationsHost() {
  return <Notifications position="top-right" zIndex={1000} />;
}
