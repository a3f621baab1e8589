import type { GroupDetailDto } from '@hallway/shared';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import {
  type InfiniteData,
  type UseInfiniteQueryResult,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { formatDay } from '../../i18n/dates';
import { errorText } from '../../i18n/errors';
import { Avatar } from '../../ui/Avatar';
import { LoadMore } from '../../ui/LoadMore';
import { PeoplePicker } from '../../ui/PeoplePicker';
import { QueryState, SkeletonRows } from '../../ui/States';
import { showSuccess } from '../../ui/toast';
import type { GroupPendingDto, Paged } from './api';
import { groupMutations, groupQueries } from './queries';
import { useGroupsTexts } from './texts';

function PendingList({
  title,
  empty,
  query,
  action,
}: {
  title: string;
  empty: string;
  query: UseInfiniteQueryResult<InfiniteData<Paged<GroupPendingDto>>>;
  action: (entry: GroupPendingDto) => ReactNode;
}) {
  const { t, lang } = useGroupsTexts();
  const entries = query.data?.pages.flatMap((page) => page.result) ?? [];
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={2} size="h5">
        {title}
      </Title>
      <QueryState
        query={query}
        loading={<SkeletonRows rows={2} />}
        isEmpty={() => entries.length === 0}
        empty={
          <Text size="sm" c="dimmed">
            {empty}
          </Text>
        }
      >
        {() => (
          <Stack gap="xs">
            {entries.map((entry) => (
              <Paper key={entry.user._id} withBorder radius="md" p="sm" aria-label={entry.user.name}>
                <Group justify="space-between" gap="sm" wrap="wrap">
                  <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                    <Avatar person={entry.user} size={36} />
                    <div style={{ minWidth: 0 }}>
                      <Text size="sm" fw={600} truncate="end">
                        {entry.user.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {formatDay(entry.created, lang)}
                        {entry.by ? ` · ${t('inbox.invitedBy', { name: entry.by.name })}` : ''}
                      </Text>
                    </div>
                  </Group>
                  {action(entry)}
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </QueryState>
      <LoadMore query={query} label={t('directory.loadMore')} size="xs" />
    </Stack>
  );
}

/**
 * Inviting colleagues through the people search; members and the already invited are left out by the server. On the
 * requests tab, and from the members tab's "Invite people" (`onInvited` closes it there).
 */
export function InviteForm({ group, onInvited }: { group: GroupDetailDto; onInvited?: () => void }) {
  const { t } = useGroupsTexts();
  const client = useQueryClient();
  const [ids, setIds] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const invite = useMutation(groupMutations.invite(client, group._id));
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Group gap="xs" align="flex-end" wrap="wrap">
          <PeoplePicker
            label={t('pending.invite')}
            value={ids}
            onChange={(next) => {
              setIds(next);
              setError(null);
            }}
            style={{ flex: '1 1 260px' }}
          />
          <Button
            leftSection={<IconUserPlus size={16} />}
            disabled={!ids.length}
            loading={invite.isPending}
            onClick={() =>
              invite.mutate(ids, {
                onSuccess: () => {
                  setIds([]);
                  showSuccess(t('pending.invited'));
                  onInvited?.();
                },
                onError: (failure) => setError(errorText(failure)),
              })
            }
          >
            {t('pending.inviteButton')}
          </Button>
        </Group>
        {error && (
          <Alert color="red" variant="light" role="alert" py="xs">
            {error}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

/** Approve and reject buttons for one person's request to join a group (the group page and the requests inbox). */
export function RequestActions({ groupId, userId }: { groupId: string; userId: string }) {
  const { t } = useGroupsTexts();
  const client = useQueryClient();
  const answer = useMutation(groupMutations.answerRequest(client, groupId));
  const act = (kind: 'approve' | 'reject') =>
    answer.mutate(
      { userId, answer: kind },
      { onSuccess: () => showSuccess(t(kind === 'approve' ? 'pending.approved' : 'pending.rejected')) },
    );
  return (
    <Group gap={6} wrap="nowrap">
      <Button
        size="xs"
        loading={answer.isPending && answer.variables?.answer === 'approve'}
        onClick={() => act('approve')}
      >
        {t('inbox.approve')}
      </Button>
      <Button size="xs" variant="default" disabled={answer.isPending} onClick={() => act('reject')}>
        {t('inbox.reject')}
      </Button>
    </Group>
  );
}

function WithdrawButton({ group, userId }: { group: GroupDetailDto; userId: string }) {
  const { t } = useGroupsTexts();
  const client = useQueryClient();
  const withdraw = useMutation(groupMutations.withdrawInvitation(client, group._id));
  return (
    <Button size="xs" variant="subtle" color="red" loading={withdraw.isPending} onClick={() => withdraw.mutate(userId)}>
      {t('pending.withdraw')}
    </Button>
  );
}

/** Join requests and invitations for the group's managers; inviting for everyone who may invite. */
export function RequestsTab({ group }: { group: GroupDetailDto }) {
  const { t } = useGroupsTexts();
  const manage = group.can.manage;
  const requests = useInfiniteQuery({ ...groupQueries.requests(group._id), enabled: manage });
  const invitations = useInfiniteQuery({ ...groupQueries.invitations(group._id), enabled: manage });
  return (
    <Stack gap="lg" maw={760}>
      {group.can.invite && <InviteForm group={group} />}
      {manage && (
        <>
          <PendingList
            title={t('pending.requests')}
            empty={t('pending.noRequests')}
            query={requests}
            action={(entry) => <RequestActions groupId={group._id} userId={entry.user._id} />}
          />
          <PendingList
            title={t('pending.invitations')}
            empty={t('pending.noInvitations')}
            query={invitations}
            action={(entry) => <WithdrawButton group={group} userId={entry.user._id} />}
          />
        </>
      )}
    </Stack>
  );
}
