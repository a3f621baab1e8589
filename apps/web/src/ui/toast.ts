import { notifications } from '@mantine/notifications';
import { errorText } from '../i18n/errors';

/**
 * A failed action, in the person's language (the catalogue code, else the server's text). Fits `onError` of a
 * `useMutation` and a promise's `catch` alike.
 */
export function showError(error: unknown): void {
  notifications.show({ color: 'red', message: errorText(error) });
}

/** A finished action worth confirming ("Saved", "Workspace created"). */
export function showSuccess(message: string): void {
  notifications.show({ color: 'teal', message });
}
