import { isUuid, PROJECT_ROLES, type ProjectDto, type ProjectRole } from '@hallway/shared';
import { ActionIcon, Badge, Button, Grid, Group, Modal, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCalendar, IconEdit, IconTrash, IconUserMinus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { registry } from '../../app/modules';
import { useSlots } from '../../app/slots';
import { Avatar } from '../../ui/Avatar';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { PeoplePicker } from '../../ui/PeoplePicker';
import { PageSkeleton } from '../../ui/Skeletons';
import { QueryState } from '../../ui/States';
import { showSuccess } from '../../ui/toast';
import { GroupWall, isGone, NotFound } from './GroupPage';
import { ProjectFields, projectBody, STATUS_COLOR, useProjectDates } from './Projects';
import { groupMutations, groupQueries } from './queries';
import { useGroupRoom } from './realtime';
import { usePlaceTexts } from './texts';
import './groups.css';

/** /project/:_id: a project (Hallway's page; spec portal §3 Project): description, dates, status, people, wall. */
export default function ProjectPage() {
  const { t } = usePlaceTexts('project');
  const { _id: raw = '' } = useParams();
  const id = raw.toLowerCase();
  const valid = isUuid(id);
  const query = useQuery({ ...groupQueries.project(id), enabled: valid });
  if (!valid || isGone(query.error)) {
    return <NotFound title={t('projects.notFound')} back={t('projects.back')} to="/groups/?tab=projects" />;
  }
  return (
    <QueryState query={query} loading={<PageSkeleton rows={4} />}>
      {(project) => <ProjectView project={project} />}
    </QueryState>
  );
}

function Participants({ project }: { project: ProjectDto }) {
  const { t } = usePlaceTexts('project');
  const client = useQueryClient();
  const [adding, setAdding] = useState<string[]>([]);
  const [role, setRole] = useState<ProjectRole>('member');
  const change = useMutation(groupMutations.participant(client, project._id));
  const manage = project.can.manageParticipants;
  const roles = PROJECT_ROLES.map((value) => ({ value, label: t(`projects.roles.${value}`) }));
  const add = async () => {
    for (const userId of adding) await change.mutateAsync({ userId, role });
    setAdding([]);
    showSuccess(t('projects.saved'));
  };
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-label={t('projects.participants')}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('projects.participants')} · {project.participantsCount}
        </Title>
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {project.participants.map((participant) => (
            <Group key={participant.user._id} component="li" justify="space-between" wrap="nowrap" gap="xs">
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
                <Avatar person={participant.user} size={36} />
                <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                  <Text size="sm" fw={500} truncate="end">
                    {participant.user.name}
                  </Text>
                  {manage ? (
                    <Select
                      aria-label={`${t('projects.role')}: ${participant.user.name}`}
                      size="xs"
                      w={140}
                      data={roles}
                      value={participant.role}
                      allowDeselect={false}
                      onChange={(value) =>
                        value && change.mutate({ userId: participant.user._id, role: value as ProjectRole })
                      }
                    />
                  ) : (
                    <Text size="xs" c="dimmed">
                      {t(`projects.roles.${participant.role}`)}
                    </Text>
                  )}
                </Stack>
              </Group>
              {manage && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`${t('members.remove')}: ${participant.user.name}`}
                  onClick={() => change.mutate({ userId: participant.user._id, role: null })}
                >
                  <IconUserMinus size={16} />
                </ActionIcon>
              )}
            </Group>
          ))}
        </Stack>
        {manage && (
          <Stack gap="xs">
            <PeoplePicker
              label={t('projects.addParticipants')}
              value={adding}
              onChange={setAdding}
              exclude={project.participants.map((participant) => participant.user._id)}
            />
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <Select
                label={t('projects.role')}
                data={roles}
                value={role}
                allowDeselect={false}
                onChange={(value) => value && setRole(value as ProjectRole)}
                style={{ flex: 1 }}
              />
              <Button disabled={!adding.length} loading={change.isPending} onClick={() => void add()}>
                {t('projects.add')}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/** The sections other modules add to the side column (`projectPanels`: the project's desks). */
function Panels({ project }: { project: ProjectDto }) {
  const { slots } = useSlots('projectPanels', registry.projectPanels);
  return slots?.map(({ key, loaded: { default: Panel } }) => <Panel key={key} project={project} />);
}

function ProjectView({ project }: { project: ProjectDto }) {
  const { t } = usePlaceTexts('project');
  const client = useQueryClient();
  const navigate = useNavigate();
  const dates = useProjectDates();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const update = useMutation(groupMutations.updateProject(client, project._id));
  const remove = useMutation(groupMutations.deleteProject(client));
  useGroupRoom(project.wall, true, () => undefined);
  return (
    <Stack gap="md" maw={1100} mx="auto" w="100%">
      <Button
        component={Link}
        to="/groups/?tab=projects"
        variant="subtle"
        leftSection={<IconArrowLeft size={16} />}
        w="fit-content"
        px="xs"
      >
        {t('projects.back')}
      </Button>
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }} component="header">
        <Stack gap="xs">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Group gap="xs" wrap="wrap">
              <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
                {project.name}
              </Title>
              <Badge variant="light" color={STATUS_COLOR[project.status]} radius="sm">
                {t(`projects.statuses.${project.status}`)}
              </Badge>
            </Group>
            <Group gap="xs">
              {project.can.edit && (
                <Button
                  variant="default"
                  size="xs"
                  leftSection={<IconEdit size={14} />}
                  onClick={() => setEditing(true)}
                >
                  {t('projects.edit')}
                </Button>
              )}
              {project.can.delete && (
                <Button
                  variant="subtle"
                  color="red"
                  size="xs"
                  leftSection={<IconTrash size={14} />}
                  onClick={() => setDeleting(true)}
                >
                  {t('projects.delete')}
                </Button>
              )}
            </Group>
          </Group>
          <Group gap="md" c="dimmed">
            <Group gap={4}>
              <IconCalendar size={16} aria-hidden />
              <Text size="sm">{dates(project)}</Text>
            </Group>
            <Text size="sm">{t('projects.createdBy', { name: project.creator.name })}</Text>
          </Group>
          {project.description && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {project.description}
            </Text>
          )}
        </Stack>
      </Paper>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 2, md: 1 }}>
          <Stack gap="sm" component="section" aria-label={t('projects.wall')}>
            <Title order={2} size="h4">
              {t('projects.wall')}
            </Title>
            <GroupWall groupId={project.wall} canPost={project.can.post} kind="project" />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 1, md: 2 }}>
          <Stack gap="md">
            <Participants project={project} />
            <Panels project={project} />
          </Stack>
        </Grid.Col>
      </Grid>
      <Modal
        opened={editing}
        onClose={() => setEditing(false)}
        title={t('projects.edit')}
        centered
        size="lg"
        closeButtonProps={{ 'aria-label': t('form.cancel') }}
      >
        {editing && (
          <ProjectFields
            initial={{
              name: project.name,
              description: project.description,
              status: project.status,
              start: project.start ?? '',
              end: project.end ?? '',
            }}
            submitLabel={t('form.save')}
            onCancel={() => setEditing(false)}
            onSubmit={async (values) => {
              await update.mutateAsync(projectBody(values));
              showSuccess(t('projects.saved'));
              setEditing(false);
            }}
          />
        )}
      </Modal>
      <ConfirmDialog
        opened={deleting}
        title={t('projects.deleteTitle', { name: project.name })}
        message={t('danger.confirmText')}
        confirmLabel={t('projects.delete')}
        danger
        onClose={() => setDeleting(false)}
        onConfirm={async () => {
          await remove.mutateAsync(project._id);
          showSuccess(t('projects.deleted'));
          navigate('/groups/?tab=projects');
        }}
      />
    </Stack>
  );
}
