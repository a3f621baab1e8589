import type { GroupDto } from '@hallway/shared';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowLeft, IconInbox, IconPlus, IconSearch, IconUsersGroup } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useSession } from '../../app/session/context';
import { Avatar, displayName } from '../../ui/Avatar';
import { EmptyState, QueryState } from '../../ui/States';
import { CardsSkeleton, GroupAvatar, GroupCard, MembershipButton, TypeBadge } from './GroupCard';
import { CreateGroupModal } from './GroupForm';
import { ProjectsTab } from './Projects';
import { groupQueries } from './queries';
import { RequestActions } from './Requests';
import { useMembershipEvents } from './realtime';
import { useGroupsTexts } from './texts';
import './groups.css';
import { LoadMore } from '../../ui/LoadMore';
import { PageHeader } from '../../ui/PageHeader';

const TABS = ['my', 'all', 'requests', 'projects'] as const;
type Tab = (typeof TABS)[number];

/**
 * /groups/: the directory (spec portal §2) with tabs my groups, all groups, requests (invitations and one's own
 * requests) and projects; /groups/:_id: the groups of one person (`GET api/group/byUser/{id}`).
 */
export default function GroupsPage() {
  const { _id: personId } = useParams();
  return personId ? <PersonGroups personId={personId} /> : <Directory />;
}

function Directory() {
  const { t } = useGroupsTexts();
  const { can } = useSession();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab') as Tab | null;
  const tab: Tab = requested && TABS.includes(requested) ? requested : 'my';
  const [creating, setCreating] = useState(false);
  const inbox = useQuery(groupQueries.inbox());
  // Invitations, approvals and removals concerning the person refresh the lists while the directory is open.
  useMembershipEvents();
  const waiting = inbox.data ? inbox.data.invitations.length + inbox.data.toApprove.length : 0;

  return (
    <Stack gap="md">
      <PageHeader
        title={t('directory.title')}
        actions={
          can('groups') &&
          tab !== 'projects' && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)} radius="xl">
              {t('directory.create')}
            </Button>
          )
        }
      />
      <Tabs
        value={tab}
        onChange={(value) => setParams(value && value !== 'my' ? { tab: value } : {}, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List aria-label={t('directory.tabs')} className="hw-tabs-scroll">
          <Tabs.Tab value="my">{t('directory.my')}</Tabs.Tab>
          <Tabs.Tab value="all">{t('directory.all')}</Tabs.Tab>
          <Tabs.Tab
            value="requests"
            rightSection={
              waiting > 0 ? (
                <Badge size="xs" circle variant="filled" aria-hidden>
                  {waiting}
                </Badge>
              ) : undefined
            }
          >
            {t('directory.requests')}
          </Tabs.Tab>
          <Tabs.Tab value="projects">{t('directory.projects')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="my" pt="md">
          <GroupList scope="user" />
        </Tabs.Panel>
        <Tabs.Panel value="all" pt="md">
          <GroupList scope="all" />
        </Tabs.Panel>
        <Tabs.Panel value="requests" pt="md">
          <Inbox />
        </Tabs.Panel>
        <Tabs.Panel value="projects" pt="md">
          <ProjectsTab />
        </Tabs.Panel>
      </Tabs>
      <CreateGroupModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(group) => {
          setCreating(false);
          navigate(`/group/${group._id}`);
        }}
      />
    </Stack>
  );
}

function PersonGroups({ personId }: { personId: string }) {
  const { t } = useGroupsTexts();
  const { users } = useSession();
  const person = users.find((user) => user._id === personId);
  return (
    <Stack gap="md">
      <Button
        component={Link}
        to="/groups/"
        variant="subtle"
        leftSection={<IconArrowLeft size={16} />}
        w="fit-content"
        px="xs"
      >
        {t('directory.backToAll')}
      </Button>
      <PageHeader title={person ? t('directory.personTitle', { name: displayName(person) }) : t('directory.title')} />
      <GroupList scope="user" ownerId={personId} />
    </Stack>
  );
}

/** A searchable, paged grid of group cards: all groups of the workspace, or the groups of one person. */
function GroupList({ scope, ownerId }: { scope: 'all' | 'user'; ownerId?: string }) {
  const { t } = useGroupsTexts();
  const { client, user } = useSession();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const owner = ownerId ?? (scope === 'all' ? (client?._id ?? '') : (user?._id ?? ''));
  const query = useInfiniteQuery(groupQueries.list(scope, owner, debounced));
  const groups = query.data?.pages.flatMap((page) => page.result) ?? [];
  const mine = scope === 'user' && !ownerId;
  return (
    <Stack gap="md">
      <TextInput
        aria-label={t('directory.search')}
        placeholder={t('directory.search')}
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={420}
        radius="xl"
      />
      <QueryState
        query={query}
        loading={<CardsSkeleton />}
        isEmpty={() => groups.length === 0}
        empty={
          <Paper withBorder radius="lg" p="lg">
            <EmptyState
              icon={<IconUsersGroup size={28} stroke={1.5} />}
              title={mine && !debounced ? t('directory.emptyMyTitle') : t('directory.emptyAllTitle')}
              description={mine && !debounced ? t('directory.emptyMyText') : t('directory.emptyAllText')}
            />
          </Paper>
        }
      >
        {() => (
          <SimpleGrid
            cols={{ base: 1, xs: 2, md: 3 }}
            spacing="md"
            component="section"
            aria-label={t('directory.title')}
          >
            {groups.map((group) => (
              <GroupCard key={group._id} group={group} />
            ))}
          </SimpleGrid>
        )}
      </QueryState>
      <LoadMore query={query} label={t('directory.loadMore')} />
    </Stack>
  );
}

function InboxRow({ group, children, note }: { group: GroupDto; note?: React.ReactNode; children?: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 240px' }}>
          <GroupAvatar group={group} size={40} />
          <div style={{ minWidth: 0 }}>
            <Group gap={6} wrap="nowrap">
              <Text component={Link} to={`/group/${group._id}`} fw={600} truncate="end" className="hw-group-link">
                {group.name}
              </Text>
              <TypeBadge type={group.type} />
            </Group>
            {note}
          </div>
        </Group>
        {children}
      </Group>
    </Paper>
  );
}

/** The "requests" tab: invitations to the caller, their own requests, and requests they may approve. */
function Inbox() {
  const { t } = useGroupsTexts();
  const query = useQuery(groupQueries.inbox());
  return (
    <QueryState
      query={query}
      loading={<CardsSkeleton />}
      isEmpty={(data) => !data.invitations.length && !data.requests.length && !data.toApprove.length}
      empty={
        <Paper withBorder radius="lg" p="lg">
          <EmptyState
            icon={<IconInbox size={28} stroke={1.5} />}
            title={t('inbox.emptyTitle')}
            description={t('inbox.emptyText')}
          />
        </Paper>
      }
    >
      {(data) => (
        <Stack gap="lg">
          {data.invitations.length > 0 && (
            <Stack gap="xs" component="section" aria-label={t('inbox.invitations')}>
              <Title order={2} size="h5">
                {t('inbox.invitations')}
              </Title>
              {data.invitations.map((entry) => (
                <InboxRow
                  key={entry.group._id}
                  group={entry.group}
                  note={
                    entry.by && (
                      <Text size="xs" c="dimmed">
                        {t('inbox.invitedBy', { name: entry.by.name })}
                      </Text>
                    )
                  }
                >
                  <MembershipButton group={entry.group} />
                </InboxRow>
              ))}
            </Stack>
          )}
          {data.toApprove.length > 0 && (
            <Stack gap="xs" component="section" aria-label={t('inbox.toApprove')}>
              <Title order={2} size="h5">
                {t('inbox.toApprove')}
              </Title>
              {data.toApprove.map((entry) => (
                <InboxRow
                  key={`${entry.group._id}-${entry.user._id}`}
                  group={entry.group}
                  note={
                    <Group gap={6} wrap="nowrap">
                      <Avatar person={entry.user} size={20} />
                      <Text size="xs" c="dimmed" truncate="end">
                        {t('inbox.wantsToJoin', { name: entry.user.name })}
                      </Text>
                    </Group>
                  }
                >
                  <RequestActions groupId={entry.group._id} userId={entry.user._id} />
                </InboxRow>
              ))}
            </Stack>
          )}
          {data.requests.length > 0 && (
            <Stack gap="xs" component="section" aria-label={t('inbox.mine')}>
              <Title order={2} size="h5">
                {t('inbox.mine')}
              </Title>
              {data.requests.map((entry) => (
                <InboxRow key={entry.group._id} group={entry.group}>
                  <MembershipButton group={entry.group} />
                </InboxRow>
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </QueryState>
  );
}
