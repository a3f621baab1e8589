import { ActionIcon, Button } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { PersonActionProps } from '../../app/webModule';
import { tip } from '../../ui/SharedTooltip';
import { showError } from '../../ui/toast';
import { chatMutations } from './queries';
import { useChatTexts } from './texts';

/** "Write a message" on a profile or an address book row: opens the direct conversation with the person. */
export default function DirectButton({ userId, name, compact }: PersonActionProps) {
  const { t } = useChatTexts();
  const client = useQueryClient();
  const navigate = useNavigate();
  const direct = useMutation({ ...chatMutations.direct(client), onError: showError });
  const write = () => direct.mutate(userId, { onSuccess: (room) => navigate(`/chat/${room._id}`) });
  const label = t('direct.writeTo', { name });
  if (compact) {
    return (
      <ActionIcon
        variant="light"
        size="lg"
        radius="xl"
        aria-label={label}
        {...tip(label)}
        loading={direct.isPending}
        onClick={write}
      >
        <IconMessageCircle size={18} />
      </ActionIcon>
    );
  }
  return (
    <Button
      variant="light"
      size="xs"
      leftSection={<IconMessageCircle size={14} />}
      aria-label={label}
      loading={direct.isPending}
      onClick={write}
    >
      {t('direct.write')}
    </Button>
  );
}
