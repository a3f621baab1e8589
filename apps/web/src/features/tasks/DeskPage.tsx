import { type ErrorBody, isUuid } from '@hallway/shared';
import type { DeskDto } from '@hallway/shared/tasks';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Group,
  Avatar as MantineAvatar,
  Menu,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconArrowBackUp,
  IconChevronLeft,
  IconDots,
  IconFlagCheck,
  IconSettings,
  IconTrash,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { Avatar } from '../../ui/Avatar';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { PageSkeleton } from '../../ui/Skeletons';
import { ErrorState, QueryState } from '../../ui/States';
import { showError, showSuccess } from '../../ui/toast';
import { DeskForm } from './DeskForm';
import { backgroundStyle, TYPE_COLORS } from './format';
import { Kanban } from './Kanban';
import { taskMutations, taskQueries } from './queries';
import { useDeskRoom } from './realtime';
import { TaskDrawer } from './TaskDrawer';
import { TaskTable } from './TaskTable';
import { useTasksTexts } from './texts';
import './tasks.css';

type View = 'kanban' | 'table';

/** /desk/:_id (portal §2): the desk's header, its kanban or table (`?view=table`) and a card's drawer (`?task=`). */
export default function DeskPage() {
  const { t } = useTasksTexts();
  const { _id: raw = '' } = useParams();
  const id = raw.toLowerCase();
  const valid = isUuid(id);
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'table' ? 'table' : 'kanban';
  const taskId = params.get('task');
  const query = useQuery({ ...taskQueries.desk(id), enabled: valid });
  const onDeleted = useCallback(() => {
    showSuccess(t('desk.deleted'));
    navigate('/task-tracker', { replace: true });
  }, [navigate, t]);
  useDeskRoom(id, valid && query.isSuccess, onDeleted);

  const setParam = (key: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: key === 'view' },
    );

  return (
    <Stack gap="md" w="100%" className="tasks-desk-page">
      <Anchor component={Link} to="/task-tracker" size="sm" className="tasks-back">
        <IconChevronLeft size={14} aria-hidden /> {t('list.title')}
      </Anchor>
      {!valid ? (
        <ErrorState
          error={new ApiError(404, { code: 'desk_not_found', message: 'The desk was not found' } as ErrorBody)}
        />
      ) : (
        <QueryState query={query} loading={<PageSkeleton rows={4} label={t('desk.loading')} />}>
          {(desk) => (
            <>
              <DeskHeader desk={desk} />
              <Group justify="space-between">
                <SegmentedControl
                  aria-label={t('desk.view')}
                  value={view}
                  onChange={(next) => setParam('view', next === 'table' ? 'table' : null)}
                  data={[
                    { value: 'kanban', label: t('desk.kanban') },
                    { value: 'table', label: t('desk.table') },
                  ]}
                />
              </Group>
              {view === 'table' ? (
                <TaskTable desk={desk} onOpen={(task) => setParam('task', task)} />
              ) : (
                <Kanban desk={desk} onOpen={(task) => setParam('task', task)} />
              )}
              <TaskDrawer
                taskId={taskId && isUuid(taskId) ? taskId : null}
                deskId={desk._id}
                onClose={() => setParam('task', null)}
              />
            </>
          )}
        </QueryState>
      )}
    </Stack>
  );
}

function People({ label, people }: { label: string; people: DeskDto['admins'] }) {
  if (people.length === 0) return null;
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <MantineAvatar.Group spacing="xs">
        {people.slice(0, 6).map((person) => (
          <Tooltip key={person._id} label={person.name} withArrow>
            <span>
              <Avatar person={person} size={26} />
            </span>
          </Tooltip>
        ))}
        {people.length > 6 && (
          <MantineAvatar size={26} radius="xl">
            +{people.length - 6}
          </MantineAvatar>
        )}
      </MantineAvatar.Group>
    </Group>
  );
}

/** The desk's name, type, owner, people, and for those whose `can` allows: settings, finish, restore, delete. */
function DeskHeader({ desk }: { desk: DeskDto }) {
  const { t } = useTasksTexts();
  const client = useQueryClient();
  const navigate = useNavigate();
  const finish = useMutation(taskMutations.finishDesk(client));
  const restore = useMutation(taskMutations.restoreDesk(client));
  const remove = useMutation(taskMutations.deleteDesk(client));
  const [editing, setEditing] = useState(false);
  const [confirm, setConfirm] = useState<'finish' | 'delete' | null>(null);
  const hasActions = desk.can.edit || desk.can.finish || desk.can.restore || desk.can.delete;

  return (
    <Paper withBorder radius="lg" component="header" className="tasks-desk-header">
      <div className="tasks-desk-strip" style={backgroundStyle(desk.background)} />
      <Stack gap="xs" p={{ base: 'sm', sm: 'md' }}>
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {desk.name}
          </Title>
          {hasActions && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" aria-label={t('desk.actions')}>
                  <IconDots size={18} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                {desk.can.edit && (
                  <Menu.Item leftSection={<IconSettings size={14} />} onClick={() => setEditing(true)}>
                    {t('desk.settings')}
                  </Menu.Item>
                )}
                {desk.can.finish && desk.status === 'active' && (
                  <Menu.Item leftSection={<IconFlagCheck size={14} />} onClick={() => setConfirm('finish')}>
                    {t('desk.finish')}
                  </Menu.Item>
                )}
                {desk.can.restore && desk.status === 'finished' && (
                  <Menu.Item
                    leftSection={<IconArrowBackUp size={14} />}
                    onClick={() => restore.mutate(desk._id, { onError: showError })}
                  >
                    {t('desk.restore')}
                  </Menu.Item>
                )}
                {desk.can.delete && (
                  <Menu.Item leftSection={<IconTrash size={14} />} color="red" onClick={() => setConfirm('delete')}>
                    {t('desk.delete')}
                  </Menu.Item>
                )}
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
        <Group gap="sm" wrap="wrap">
          <Badge color={TYPE_COLORS[desk.type]} variant="light">
            {t(`types.${desk.type}`)}
          </Badge>
          {desk.status === 'finished' && (
            <Badge color="gray" variant="outline">
              {t('list.finished')}
            </Badge>
          )}
          <Group gap={6} wrap="nowrap">
            <Text size="xs" c="dimmed">
              {t('desk.owner')}
            </Text>
            <Avatar person={desk.owner} size={26} />
            <Text size="sm">{desk.owner.name}</Text>
          </Group>
          <People label={t('desk.admins')} people={desk.admins} />
          <People label={t('desk.members')} people={desk.members} />
        </Group>
        {desk.description && (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
            {desk.description}
          </Text>
        )}
        {desk.status === 'finished' && (
          <Alert color="gray" variant="light" icon={<IconFlagCheck size={16} />}>
            {t('desk.finished')}
          </Alert>
        )}
      </Stack>
      {editing && <DeskForm opened desk={desk} onClose={() => setEditing(false)} />}
      <ConfirmDialog
        opened={confirm === 'finish'}
        title={t('desk.finishTitle')}
        message={t('desk.finishText')}
        confirmLabel={t('desk.finish')}
        onConfirm={() => finish.mutateAsync(desk._id)}
        onClose={() => setConfirm(null)}
      />
      <ConfirmDialog
        opened={confirm === 'delete'}
        danger
        title={t('desk.deleteTitle')}
        message={t('desk.deleteText')}
        confirmLabel={t('desk.delete')}
        onConfirm={async () => {
          await remove.mutateAsync(desk._id);
          navigate('/task-tracker', { replace: true });
        }}
        onClose={() => setConfirm(null)}
      />
    </Paper>
  );
}
