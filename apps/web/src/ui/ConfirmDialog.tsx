import { Button, Group, Modal, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from '../i18n';
import { errorText } from '../i18n/errors';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button for destructive actions. */
  danger?: boolean;
  /** May be async: the dialog waits, shows a spinner, and stays open with the error if it fails. */
  onConfirm: () => unknown;
  onClose: () => void;
}

/** Asks before an action that is hard to undo. */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel,
  cancelLabel,
  danger = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      onClose();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={() => {
        setError(null);
        onClose();
      }}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {message && (
        <Text size="sm" mb="md">
          {message}
        </Text>
      )}
      {error && (
        <Text size="sm" c="red" role="alert" mb="md">
          {error}
        </Text>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={busy}>
          {cancelLabel ?? t('common.cancel')}
        </Button>
        <Button color={danger ? 'red' : undefined} onClick={confirm} loading={busy} data-autofocus>
          {confirmLabel ?? t('common.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
