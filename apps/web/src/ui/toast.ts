import { notifications } from '@mantine/notifications';
import { i18n } from '../i18n';
import { errorText } from '../i18n/errors';

/** The toast's close button, named for screen readers (axe: button-name). */
const closeButtonProps = () => ({ 'aria-label': i18n.t('common.close') });

/**
 * A failed action, in the person's language (the catalogue code, else the server's text). Fits `onError` of a
 * `useMutation` and a promise's `catch` alike.
 */
export function showError(error: unknown): void {
  notifications.show({ color: 'red', message: errorText(error), closeButtonProps: closeButtonProps() });
}

/** A finished action worth confirming ("Saved", "Workspace created"). */
export function showSuccess(message: string): void {
  notifications.show({ color: 'teal', message, closeButtonProps: closeButtonProps() });
}
