import type { GroupDetailDto, GroupFollow, PostDto } from '@hallway/shared';
import { isUuid } from '@hallway/shared';
import {
  Alert,
  Badge,
  Box,
  Button,
  Grid,
  Group,
  Paper,
  Select,
  Stack,
  Tabs,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconLock, IconUsers, IconUsersGroup } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../api/client';
import { Avatar } from '../../ui/Avatar';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { HeaderCardSkeleton } from '../../ui/Skeletons';
import { EmptyState, QueryState } from '../../ui/States';
import { showSuccess } from '../../ui/toast';
import { Composer, Feed, insertPostInFeed, WallProvider } from '../wall';
import '../wall/wall.css';
import { coverBackground, GroupAvatar, MembershipButton, TypeBadge } from './GroupCard';
import { MembersTab } from './Members';
import { groupMutations, groupQueries } from './queries';
import { RequestsTab } from './Requests';
import { useGroupRoom } from './realtime';
import { SettingsTab } from './Settings';
import { type GroupKind, useGroupsTexts, usePlaceTexts } from './texts';
import './groups.css';

/** An unknown group, a deleted one, or a private one the person may not see: one not-found state (never 403). */
export function isGone(error: unknown) {
  return isApiError(error) && [400, 404].includes(error.status);
}

export function NotFound({ title, text, back, to }: { title: string; text?: string; back: string; to: string }) {
  return (
    <Stack gap="md" maw={760} mx="auto" w="100%">
      <Button
        component={Link}
        to={to}
        variant="subtle"
        leftSection={<IconArrowLeft size={16} />}
        w="fit-content"
        px="xs"
      >
        {back}
      </Button>
      <Paper withBorder radius="lg" p="xl">
        <Stack align="center" gap="xs" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
            <IconUsersGroup size={28} stroke={1.5} />
          </ThemeIcon>
          <Title order={1} size="h3">
            {title}
          </Title>
          {text && (
            <Text c="dimmed" size="sm" maw={420}>
              {text}
            </Text>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}

/** /group/:_id: a group's page (spec portal §2): header, wall, members, requests and settings for its managers. */
export default function GroupPage() {
  const { t } = useGroupsTexts();
  const { _id: raw = '' } = useParams();
  const id = raw.toLowerCase();
  const valid = isUuid(id);
  const query = useQuery({ ...groupQueries.detail(id), enabled: valid });
  if (!valid || isGone(query.error)) {
    return (
      <NotFound title={t('group.notFoundTitle')} text={t('group.notFoundText')} back={t('group.back')} to="/groups/" />
    );
  }
  return (
    <QueryState
      query={query}
      loading={<HeaderCardSkeleton coverHeight={{ base: 110, sm: 170 }} avatar={88} rows={3} />}
    >
      {(group) =>
        // A project's wall opened as a group (an old or hand-typed link) shows as the project it is.
        group.kind === 'project' && group.project ? (
          <Navigate to={`/project/${group.project}`} replace />
        ) : (
          <GroupView group={group} />
        )
      }
    </QueryState>
  );
}

const FOLLOW: GroupFollow[] = ['all', 'mentions', 'none'];

function GroupHeader({ group }: { group: GroupDetailDto }) {
  const { t } = useGroupsTexts();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const membership = useMutation(groupMutations.membership(client));
  const follow = useMutation(groupMutations.follow(client, group._id));
  const followLabels: Record<GroupFollow, string> = {
    all: t('group.followAll'),
    mentions: t('group.followMentions'),
    none: t('group.followNone'),
  };
  return (
    <Paper withBorder radius="lg" style={{ overflow: 'hidden' }} component="header">
      <Box h={{ base: 110, sm: 170 }} style={{ background: coverBackground(group) }} aria-hidden />
      <Stack gap="sm" px={{ base: 'sm', sm: 'lg' }} pb="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Box mt={-44}>
            <GroupAvatar group={group} size={88} />
          </Box>
          <Group gap="xs" wrap="wrap" align="flex-end" pt="sm">
            <MembershipButton group={group} size="sm" />
            {group.can.follow && group.membership.follow && (
              <Select
                label={t('group.follow')}
                size="xs"
                w={190}
                data={FOLLOW.map((value) => ({ value, label: followLabels[value] }))}
                value={group.membership.follow}
                allowDeselect={false}
                onChange={(value) =>
                  value && follow.mutate(value as GroupFollow, { onSuccess: () => showSuccess(t('group.followSaved')) })
                }
              />
            )}
            {group.can.leave && (
              <Button
                size="sm"
                variant="default"
                color="red"
                onClick={() => setLeaving(true)}
                style={{ alignSelf: 'flex-end' }}
              >
                {t('actions.leave')}
              </Button>
            )}
          </Group>
        </Group>
        <Stack gap={4}>
          <Group gap="xs" wrap="wrap">
            <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
              {group.name}
            </Title>
            <TypeBadge type={group.type} />
          </Group>
          <Text size="sm" c="dimmed">
            {t('directory.members', { count: group.membersCount })} · {t('group.owner', { name: group.owner.name })}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {group.description}
          </Text>
        </Stack>
      </Stack>
      <ConfirmDialog
        opened={leaving}
        title={t('actions.leaveTitle')}
        message={t('actions.leaveText')}
        confirmLabel={t('actions.leave')}
        danger
        onClose={() => setLeaving(false)}
        onConfirm={async () => {
          await membership.mutateAsync({ id: group._id, action: 'leave' });
          showSuccess(t('actions.left'));
          if (group.type === 'private') navigate('/groups/');
        }}
      />
    </Paper>
  );
}

/**
 * The wall of a group or of a project (`kind`): the wall's own composer and feed with the parent `group`, worded for
 * the place (who sees a post, the empty wall, read-only).
 */
export function GroupWall({ groupId, canPost, kind }: { groupId: string; canPost: boolean; kind: GroupKind }) {
  const { t } = usePlaceTexts(kind);
  const client = useQueryClient();
  const onPublished = useCallback(
    (post: PostDto) => insertPostInFeed(client, 'group', groupId, { ...post, viewed: true }),
    [client, groupId],
  );
  return (
    <WallProvider group={groupId} canWrite={canPost}>
      <Stack gap="md">
        {canPost ? (
          <Composer feed="group" onPublished={onPublished} audience={t('group.audience')} />
        ) : (
          <Text size="sm" c="dimmed">
            {t('group.readOnly')}
          </Text>
        )}
        <Feed
          kind="group"
          empty={
            <Paper withBorder radius="lg" p="lg">
              <EmptyState
                icon={<IconUsers size={28} stroke={1.5} />}
                title={t('group.emptyTitle')}
                description={t('group.emptyText')}
              />
            </Paper>
          }
        />
      </Stack>
    </WallProvider>
  );
}

/** Beside the wall on wide screens: who runs the group and when it started. */
function About({ group }: { group: GroupDetailDto }) {
  const { t, lang } = useGroupsTexts();
  const people = [group.owner, ...group.admins.filter((admin) => admin._id !== group.owner._id)];
  return (
    <Paper withBorder radius="lg" p="md" component="aside" aria-label={t('group.about')}>
      <Stack gap="sm">
        <Title order={2} size="h5">
          {t('group.about')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('group.since', { date: new Date(group.created).toLocaleDateString(lang, { dateStyle: 'long' }) })}
        </Text>
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {people.map((person) => (
            <Group key={person._id} component="li" gap="sm" wrap="nowrap">
              <Avatar person={person} size={32} />
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} truncate="end">
                  {person.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(person._id === group.owner._id ? 'members.roles.owner' : 'members.roles.admin')}
                </Text>
              </div>
            </Group>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}

const TABS = ['wall', 'members', 'requests', 'settings'] as const;
type Tab = (typeof TABS)[number];

function GroupView({ group }: { group: GroupDetailDto }) {
  const { t } = useGroupsTexts();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const onDeleted = useCallback(() => navigate('/groups/'), [navigate]);
  useGroupRoom(group._id, group.can.read, onDeleted);
  const { can } = group;
  const available: Tab[] = [
    'wall',
    ...(can.read ? (['members'] as const) : []),
    ...(can.manage || can.invite ? (['requests'] as const) : []),
    ...(can.edit || can.manage || can.delete || can.changeOwner ? (['settings'] as const) : []),
  ];
  const requested = params.get('tab') as Tab | null;
  const tab: Tab = requested && available.includes(requested) ? requested : 'wall';
  const pending = group.requestsCount;
  return (
    <Stack gap="md" maw={1000} mx="auto" w="100%">
      <Button
        component={Link}
        to="/groups/"
        variant="subtle"
        leftSection={<IconArrowLeft size={16} />}
        w="fit-content"
        px="xs"
      >
        {t('group.back')}
      </Button>
      <GroupHeader group={group} />
      <Tabs
        value={tab}
        onChange={(value) => setParams(value && value !== 'wall' ? { tab: value } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List aria-label={t('group.tabs')} className="hw-tabs-scroll">
          {available.map((value) => (
            <Tabs.Tab
              key={value}
              value={value}
              rightSection={
                value === 'requests' && pending > 0 ? (
                  <Badge size="xs" circle aria-hidden>
                    {pending}
                  </Badge>
                ) : undefined
              }
            >
              {t(`group.${value}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="wall" pt="md">
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 8 }}>
              {can.read ? (
                <GroupWall groupId={group._id} canPost={can.post} kind={group.kind} />
              ) : (
                <Alert variant="light" icon={<IconLock size={18} />}>
                  {t('group.closedNotice')}
                </Alert>
              )}
            </Grid.Col>
            <Grid.Col span={4} visibleFrom="md">
              <About group={group} />
            </Grid.Col>
          </Grid>
        </Tabs.Panel>
        <Tabs.Panel value="members" pt="md">
          <MembersTab group={group} />
        </Tabs.Panel>
        <Tabs.Panel value="requests" pt="md">
          <RequestsTab group={group} />
        </Tabs.Panel>
        <Tabs.Panel value="settings" pt="md">
          <SettingsTab group={group} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
