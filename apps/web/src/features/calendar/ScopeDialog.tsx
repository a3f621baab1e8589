import { Button, Group, Modal, Radio, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useCalendarTexts } from './texts';
import type { Scope } from './types';

export type ScopeAction = 'edit' | 'delete' | 'move';

/** Which occurrences of a repeating event a change applies to: this one, this and the following, or all. */
export function ScopeDialog({
  opened,
  action,
  onChoose,
  onClose,
}: {
  opened: boolean;
  action: ScopeAction;
  onChoose: (scope: Scope) => void;
  onClose: () => void;
}) {
  const { t } = useCalendarTexts();
  const [scope, setScope] = useState<Scope>('this');
  useEffect(() => {
    if (opened) setScope('this');
  }, [opened]);
  const title = t(
    action === 'delete' ? 'scope.deleteTitle' : action === 'move' ? 'scope.moveTitle' : 'scope.editTitle',
  );
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('card.close') }}
    >
      <Stack gap="md">
        <Radio.Group label={t('scope.label')} value={scope} onChange={(value) => setScope(value as Scope)}>
          <Stack gap="xs" mt="xs">
            <Radio value="this" label={t('scope.this')} />
            <Radio value="following" label={t('scope.following')} />
            <Radio value="all" label={t('scope.all')} />
          </Stack>
        </Radio.Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('scope.cancel')}
          </Button>
          <Button color={action === 'delete' ? 'red' : undefined} onClick={() => onChoose(scope)} data-autofocus>
            {t('scope.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
