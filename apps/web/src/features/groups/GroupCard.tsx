import type { GroupDto, GroupType } from '@hallway/shared';
import {
  Badge,
  Box,
  Button,
  Card,
  Group,
  Avatar as MantineAvatar,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { IconEyeOff, IconLock, IconUsers, IconWorld } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { showSuccess } from '../../ui/toast';
import { groupMutations } from './queries';
import { useGroupsTexts } from './texts';

const TYPE_COLOR: Record<GroupType, string> = { public: 'teal', closed: 'orange', private: 'grape' };
const TYPE_ICON = { public: IconWorld, closed: IconLock, private: IconEyeOff };

export function TypeBadge({ type }: { type: GroupType }) {
  const { t } = useGroupsTexts();
  const Icon = TYPE_ICON[type];
  return (
    <Badge variant="light" color={TYPE_COLOR[type]} leftSection={<Icon size={12} />} radius="sm">
      {t(`types.${type}`)}
    </Badge>
  );
}

/** A soft gradient from the group's name when it has no cover, so cards never look empty. */
export function coverBackground(group: Pick<GroupDto, 'cover' | 'name'>): string {
  if (group.cover) return `center / cover no-repeat url("${group.cover.mini ?? group.cover.src}")`;
  let hash = 0;
  for (const char of group.name) hash = (hash * 31 + char.charCodeAt(0)) % 360;
  return `linear-gradient(135deg, hsl(${hash} 65% 55%), hsl(${(hash + 50) % 360} 70% 45%))`;
}

export function GroupAvatar({ group, size }: { group: Pick<GroupDto, 'avatar' | 'name'>; size: number }) {
  return (
    <MantineAvatar
      src={group.avatar ? (group.avatar.mini ?? group.avatar.src) : null}
      size={size}
      radius="md"
      color="initials"
      name={group.name}
      alt=""
      style={{ border: '3px solid var(--mantine-color-body)' }}
    />
  );
}

/** The membership button a card or page header offers, by what the caller may do. */
export function MembershipButton({ group, size = 'xs' }: { group: GroupDto; size?: 'xs' | 'sm' }) {
  const { t } = useGroupsTexts();
  const client = useQueryClient();
  const membership = useMutation(groupMutations.membership(client));
  const run = (action: 'join' | 'cancel' | 'accept' | 'decline', done?: string) =>
    membership.mutate({ id: group._id, action }, { onSuccess: () => done && showSuccess(done) });
  const busy = membership.isPending;
  const { can } = group;
  if (can.answerInvitation) {
    return (
      <Group gap={6} wrap="nowrap">
        <Button size={size} loading={busy} onClick={() => run('accept', t('actions.joined'))}>
          {t('actions.accept')}
        </Button>
        <Button size={size} variant="default" disabled={busy} onClick={() => run('decline')}>
          {t('actions.decline')}
        </Button>
      </Group>
    );
  }
  if (can.join) {
    return (
      <Button size={size} loading={busy} onClick={() => run('join', t('actions.joined'))}>
        {t('actions.join')}
      </Button>
    );
  }
  if (can.request) {
    return (
      <Button size={size} variant="light" loading={busy} onClick={() => run('join', t('actions.requestSent'))}>
        {t('actions.request')}
      </Button>
    );
  }
  if (can.cancelRequest) {
    return (
      <Button size={size} variant="default" loading={busy} onClick={() => run('cancel')}>
        {t('actions.cancelRequest')}
      </Button>
    );
  }
  return null;
}

/** A group in the directory: cover, picture, name, type, members, and the button to join. */
export function GroupCard({ group }: { group: GroupDto }) {
  const { t } = useGroupsTexts();
  const member = !!group.membership.role;
  return (
    <Card withBorder radius="lg" padding={0} component="article" aria-label={group.name} className="hw-group-card">
      <Box h={72} style={{ background: coverBackground(group) }} aria-hidden />
      <Stack gap={6} px="md" pb="md" style={{ flex: 1 }}>
        <Group justify="space-between" align="flex-end" mt={-28} wrap="nowrap">
          <GroupAvatar group={group} size={56} />
          <TypeBadge type={group.type} />
        </Group>
        <Text component={Link} to={`/group/${group._id}`} fw={600} size="md" lineClamp={1} className="hw-group-link">
          {group.name}
        </Text>
        <Text size="sm" c="dimmed" lineClamp={2} style={{ minHeight: '2.6em' }}>
          {group.description}
        </Text>
        <Stack gap="xs" mt="auto">
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Group gap={4} c="dimmed" wrap="nowrap">
              <IconUsers size={14} aria-hidden />
              <Text size="xs">{t('directory.members', { count: group.membersCount })}</Text>
            </Group>
            {member ? (
              <Badge variant="dot" color="teal" radius="sm">
                {t(`members.roles.${group.membership.role ?? 'member'}`)}
              </Badge>
            ) : group.membership.invited ? (
              <Badge variant="light" color="blue" radius="sm">
                {t('actions.invitedBadge')}
              </Badge>
            ) : null}
          </Group>
          {!member && <MembershipButton group={group} />}
        </Stack>
      </Stack>
    </Card>
  );
}

/** Three card-shaped placeholders while a list loads. */
export function CardsSkeleton() {
  const { t } = useGroupsTexts();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} role="status" aria-label={t('directory.loading')} aria-busy>
      {[0, 1, 2].map((n) => (
        <Skeleton key={n} height={220} radius="lg" />
      ))}
    </SimpleGrid>
  );
}
