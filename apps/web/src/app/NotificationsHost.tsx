import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import './toasts.css';
import { Notifications } from '@mantine/notifications';

/**
 * Where toasts show: bottom right, away from the header's account menu, notification bell and search (a toast over
 * them stays while the pointer rests on it, since hovering pauses its closing). Its own chunk (with
 * react-transition-group and its styles), loaded by AppRoot only once the first toast is asked for: the sign-in page
 * needs none of it on first paint.
 */
export default function NotificationsHost() {
  return (
    <Notifications
      position="bottom-right"
      zIndex={1000}
      // On phones, above the shell's bottom navigation (toasts.css).
      classNames={{ root: 'hw-toasts' }}
    />
  );
}
