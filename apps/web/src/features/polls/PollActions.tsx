import type { PollItem } from '@hallway/shared/polls';
import { ActionIcon, Menu } from '@mantine/core';
import {
  IconChartBar,
  IconCopy,
  IconDotsVertical,
  IconFlagCheck,
  IconPencil,
  IconPlayerPlay,
  IconTrash,
} from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { OnDemandMenu } from '../../ui/OnDemandMenu';
import { showSuccess } from '../../ui/toast';
import { pollMutations } from './queries';
import { usePollsTexts } from './texts';

type Poll = Pick<PollItem, '_id' | 'name' | 'can' | 'finished'>;

/**
 * Finishing and deleting a poll, each behind its confirm dialog: `ask('finish' | 'delete')` opens one, `dialogs`
 * is where they are drawn. Used by the list's cards, the poll's page and its results.
 */
export function usePollDialogs(poll: Poll, { onDeleted }: { onDeleted?: () => void } = {}) {
  const { t } = usePollsTexts();
  const client = useQueryClient();
  const [asking, ask] = useState<'finish' | 'delete' | null>(null);
  const finish = useMutation(pollMutations.finish(client));
  const remove = useMutation(pollMutations.remove(client));
  const dialogs = (
    <>
      <ConfirmDialog
        opened={asking === 'finish'}
        title={t('actions.finishTitle')}
        message={t('actions.finishText', { name: poll.name })}
        confirmLabel={t('actions.finishConfirm')}
        onConfirm={async () => {
          await finish.mutateAsync(poll._id);
          showSuccess(t('actions.finished'));
        }}
        onClose={() => ask(null)}
      />
      <ConfirmDialog
        opened={asking === 'delete'}
        title={t('actions.deleteTitle')}
        message={t('actions.deleteText', { name: poll.name })}
        confirmLabel={t('actions.deleteConfirm')}
        danger
        onConfirm={async () => {
          await remove.mutateAsync(poll._id);
          showSuccess(t('actions.deleted'));
          onDeleted?.();
        }}
        onClose={() => ask(null)}
      />
    </>
  );
  return { ask, dialogs };
}

/** Whether the menu has anything beyond opening the poll. */
export const hasActions = (poll: Poll) =>
  poll.can.results || poll.can.edit || poll.can.copy || poll.can.finish || poll.can.delete;

/**
 * A poll's action menu, by what `can` allows: open, results, edit, copy (a new poll made of it), finish and delete
 * (both confirmed). `withOpen`: the list's card, where opening is an entry too.
 */
export function PollActionsMenu({
  poll,
  withOpen = false,
  onDeleted,
}: {
  poll: Poll;
  withOpen?: boolean;
  onDeleted?: () => void;
}) {
  const { t } = usePollsTexts();
  const { ask, dialogs } = usePollDialogs(poll, { onDeleted });
  if (!hasActions(poll)) return null;
  return (
    <>
      <OnDemandMenu
        position="bottom-end"
        withinPortal
        target={
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t('card.actions', { name: poll.name })}>
            <IconDotsVertical size={18} />
          </ActionIcon>
        }
      >
        {withOpen && (
          <Menu.Item component={Link} to={`/poll/${poll._id}`} leftSection={<IconPlayerPlay size={16} />}>
            {t('card.open')}
          </Menu.Item>
        )}
        {poll.can.results && (
          <Menu.Item component={Link} to={`/poll/${poll._id}/results`} leftSection={<IconChartBar size={16} />}>
            {t('card.results')}
          </Menu.Item>
        )}
        {poll.can.edit && (
          <Menu.Item component={Link} to={`/poll/${poll._id}/edit`} leftSection={<IconPencil size={16} />}>
            {t('card.edit')}
          </Menu.Item>
        )}
        {poll.can.copy && (
          <Menu.Item component={Link} to={`/poll/new?copy=${poll._id}`} leftSection={<IconCopy size={16} />}>
            {t('card.copy')}
          </Menu.Item>
        )}
        {poll.can.finish && (
          <Menu.Item leftSection={<IconFlagCheck size={16} />} onClick={() => ask('finish')}>
            {t('card.finish')}
          </Menu.Item>
        )}
        {poll.can.delete && (
          <>
            <Menu.Divider />
            <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => ask('delete')}>
              {t('card.delete')}
            </Menu.Item>
          </>
        )}
      </OnDemandMenu>
      {dialogs}
    </>
  );
}
