import type { NotificationDto } from '@hallway/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { showError } from '../../ui/toast';
import { notificationMutations } from './queries';

/** A click on an entry: it becomes read and its object opens. */
export function useOpenEntry(userId: string, after?: () => void) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const markRead = useMutation({ ...notificationMutations.markRead(client, userId), onError: showError });
  return (entry: NotificationDto) => {
    if (!entry.read) markRead.mutate([entry._id]);
    after?.();
    if (entry.link) navigate(entry.link);
  };
}
