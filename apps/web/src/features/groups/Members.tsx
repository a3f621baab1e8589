import type { GroupDetailDto, GroupMemberDto } from '@hallway/shared';
import { ActionIcon, Badge, Button, Group, Menu, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconCrown,
  IconDots,
  IconSearch,
  IconShieldCheck,
  IconShieldOff,
  IconUserMinus,
  IconUserPlus,
} from '@tabler/icons-react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDay } from '../../i18n/dates';
import { Avatar } from '../../ui/Avatar';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { LoadMore } from '../../ui/LoadMore';
import { EmptyState, QueryState, SkeletonRows } from '../../ui/States';
import { showSuccess } from '../../ui/toast';
import { groupMutations, groupQueries } from './queries';
import { InviteForm } from './Requests';
import { useGroupsTexts } from './texts';

const ROLE_COLOR = { owner: 'yellow', admin: 'blue', member: 'gray' } as const;

function MemberRow({ group, member }: { group: GroupDetailDto; member: GroupMemberDto }) {
  const { t, lang } = useGroupsTexts();
  const client = useQueryClient();
  const [confirm, setConfirm] = useState<'owner' | 'remove' | null>(null);
  const toggle = useMutation(groupMutations.toggleAdmin(client, group._id));
  const remove = useMutation(groupMutations.removeMember(client, group._id));
  const owner = useMutation(groupMutations.changeOwner(client, group._id));
  const { can, user } = member;
  const any = can.toggleAdmin || can.remove || can.makeOwner;
  return (
    <Paper withBorder radius="md" p="sm" component="li" aria-label={user.name}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <Avatar person={user} size={40} />
          <div style={{ minWidth: 0 }}>
            <Text fw={600} size="sm" truncate="end">
              {user.name}
            </Text>
            <Text size="xs" c="dimmed" truncate="end">
              {[user.position, t('members.joined', { date: formatDay(member.joined, lang) })]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </div>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <Badge variant="light" color={ROLE_COLOR[member.role]} radius="sm">
            {t(`members.roles.${member.role}`)}
          </Badge>
          {any && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t('members.actionsOf', { name: user.name })}
                  loading={toggle.isPending}
                >
                  <IconDots size={18} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                {can.toggleAdmin && (
                  <Menu.Item
                    leftSection={member.role === 'admin' ? <IconShieldOff size={16} /> : <IconShieldCheck size={16} />}
                    onClick={() =>
                      toggle.mutate(
                        { userId: user._id, admin: member.role !== 'admin' },
                        { onSuccess: () => showSuccess(t('members.changed')) },
                      )
                    }
                  >
                    {member.role === 'admin' ? t('members.removeAdmin') : t('members.makeAdmin')}
                  </Menu.Item>
                )}
                {can.makeOwner && (
                  <Menu.Item leftSection={<IconCrown size={16} />} onClick={() => setConfirm('owner')}>
                    {t('members.makeOwner')}
                  </Menu.Item>
                )}
                {can.remove && (
                  <Menu.Item color="red" leftSection={<IconUserMinus size={16} />} onClick={() => setConfirm('remove')}>
                    {t('members.remove')}
                  </Menu.Item>
                )}
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      </Group>
      <ConfirmDialog
        opened={confirm === 'owner'}
        title={t('members.ownerTitle')}
        message={t('members.ownerText', { name: user.name })}
        confirmLabel={t('members.makeOwner')}
        onClose={() => setConfirm(null)}
        onConfirm={async () => {
          await owner.mutateAsync(user._id);
          showSuccess(t('members.changed'));
        }}
      />
      <ConfirmDialog
        opened={confirm === 'remove'}
        title={t('members.removeTitle', { name: user.name })}
        confirmLabel={t('members.remove')}
        danger
        onClose={() => setConfirm(null)}
        onConfirm={async () => {
          await remove.mutateAsync(user._id);
          showSuccess(t('members.changed'));
        }}
      />
    </Paper>
  );
}

/**
 * The group's members with their roles, owner first, 50 a page; managers change roles and remove people; those who
 * may invite invite from here too (the requests tab's form, in a dialog).
 */
export function MembersTab({ group }: { group: GroupDetailDto }) {
  const { t } = useGroupsTexts();
  const [inviting, setInviting] = useState(false);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const query = useInfiniteQuery(groupQueries.members(group._id, debounced));
  const members = query.data?.pages.flatMap((page) => page.result) ?? [];
  return (
    <Stack gap="sm" maw={760}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <TextInput
          aria-label={t('members.search')}
          placeholder={t('members.search')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          radius="xl"
          style={{ flex: '1 1 220px', maxWidth: 360 }}
        />
        {group.can.invite && (
          <Button leftSection={<IconUserPlus size={16} />} onClick={() => setInviting(true)}>
            {t('pending.invite')}
          </Button>
        )}
      </Group>
      <QueryState
        query={query}
        loading={<SkeletonRows rows={4} />}
        isEmpty={() => members.length === 0}
        empty={<EmptyState title={t('members.empty')} />}
      >
        {() => (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('group.members')}>
            {members.map((member) => (
              <MemberRow key={member.user._id} group={group} member={member} />
            ))}
          </Stack>
        )}
      </QueryState>
      <LoadMore query={query} label={t('directory.loadMore')} />
      <Modal
        opened={inviting}
        onClose={() => setInviting(false)}
        title={t('pending.invite')}
        centered
        size="lg"
        closeButtonProps={{ 'aria-label': t('form.cancel') }}
      >
        {inviting && <InviteForm group={group} onInvited={() => setInviting(false)} />}
      </Modal>
    </Stack>
  );
}
