import { PROJECT_DESCRIPTION_MAX, PROJECT_NAME_MAX, PROJECT_STATUSES, type ProjectDto } from '@hallway/shared';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCalendar, IconPlus, IconRocket, IconSearch } from '@tabler/icons-react';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../app/session/context';
import { Avatar } from '../../ui/Avatar';
import { CountedTextInput } from '../../ui/CountedTextInput';
import { DayInput } from '../../ui/DayInput';
import { useValidatedForm } from '../../ui/form';
import { LoadMore } from '../../ui/LoadMore';
import { EmptyState, QueryState } from '../../ui/States';
import { showSuccess } from '../../ui/toast';
import { LengthCounter } from '../../ui/ValidatedInput';
import { CardsSkeleton } from './GroupCard';
import { groupMutations, groupQueries } from './queries';
import { useGroupsTexts } from './texts';

export const STATUS_COLOR: Record<ProjectDto['status'], string> = {
  planned: 'gray',
  active: 'blue',
  paused: 'yellow',
  done: 'teal',
};

export function useProjectDates() {
  const { t, lang } = useGroupsTexts();
  const format = (iso: string) =>
    new Date(`${iso}T00:00:00`).toLocaleDateString(lang, { day: 'numeric', month: 'short', year: 'numeric' });
  return (project: Pick<ProjectDto, 'start' | 'end'>) =>
    project.start || project.end
      ? t('projects.dates', {
          start: project.start ? format(project.start) : '…',
          end: project.end ? format(project.end) : '…',
        })
      : t('projects.noDates');
}

function ProjectCard({ project }: { project: ProjectDto }) {
  const { t } = useGroupsTexts();
  const dates = useProjectDates();
  return (
    <Card withBorder radius="lg" padding="md" component="article" aria-label={project.name}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text component={Link} to={`/project/${project._id}`} fw={600} lineClamp={1} className="hw-group-link">
            {project.name}
          </Text>
          <Badge variant="light" color={STATUS_COLOR[project.status]} radius="sm">
            {t(`projects.statuses.${project.status}`)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed" lineClamp={2} style={{ minHeight: '2.6em' }}>
          {project.description}
        </Text>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap={4} c="dimmed" wrap="nowrap">
            <IconCalendar size={14} aria-hidden />
            <Text size="xs">{dates(project)}</Text>
          </Group>
          <Group gap={-8} wrap="nowrap" aria-label={`${t('projects.participants')}: ${project.participantsCount}`}>
            {project.participants.slice(0, 4).map((participant) => (
              <Avatar key={participant.user._id} person={participant.user} size={26} link={false} />
            ))}
            {project.participantsCount > 4 && (
              <Text size="xs" c="dimmed" ml={12}>
                +{project.participantsCount - 4}
              </Text>
            )}
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}

export interface ProjectFormValues extends Record<string, string> {
  name: string;
  description: string;
  status: string;
  start: string;
  end: string;
}

/** A project's fields: name ≤ 100 (required), description ≤ 2000, status, dates. */
export function ProjectFields({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: ProjectFormValues;
  submitLabel: string;
  onSubmit: (values: ProjectFormValues) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useGroupsTexts();
  const form = useValidatedForm(initial, {
    name: { required: true, maxLength: PROJECT_NAME_MAX },
    description: { maxLength: PROJECT_DESCRIPTION_MAX },
  });
  return (
    <form noValidate onSubmit={form.onSubmit(onSubmit)}>
      <Stack gap="sm">
        <CountedTextInput label={t('projects.name')} {...form.field('name')} max={PROJECT_NAME_MAX} data-autofocus />
        <Textarea
          label={t('projects.description')}
          autosize
          minRows={3}
          maxRows={10}
          {...form.field('description')}
          description={<LengthCounter length={form.values.description.length} max={PROJECT_DESCRIPTION_MAX} />}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
        <Select
          label={t('projects.status')}
          data={PROJECT_STATUSES.map((status) => ({ value: status, label: t(`projects.statuses.${status}`) }))}
          value={form.values.status}
          allowDeselect={false}
          onChange={(value) => value && form.setValue('status', value)}
        />
        <Group grow gap="sm">
          <DayInput label={t('projects.start')} clearable {...form.dayField('start')} />
          <DayInput label={t('projects.end')} clearable {...form.dayField('end')} />
        </Group>
        {form.formError && (
          <Alert color="red" variant="light" role="alert" py="xs">
            {form.formError}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={form.submitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export const projectBody = (values: ProjectFormValues) => ({
  name: values.name.trim(),
  description: values.description.trim(),
  status: values.status as ProjectDto['status'],
  start: values.start || null,
  end: values.end || null,
});

/** The directory's "projects" tab: every project of the workspace, newest first, and "New project". */
export function ProjectsTab() {
  const { t } = useGroupsTexts();
  const { can } = useSession();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [creating, setCreating] = useState(false);
  const query = useInfiniteQuery(groupQueries.projects(debounced));
  const create = useMutation(groupMutations.createProject(client));
  const projects = query.data?.pages.flatMap((page) => page.result) ?? [];
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <TextInput
          aria-label={t('directory.search')}
          placeholder={t('directory.search')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          style={{ flex: '1 1 240px', maxWidth: 420 }}
          radius="xl"
        />
        {can('groups') && (
          <Button leftSection={<IconPlus size={16} />} radius="xl" onClick={() => setCreating(true)}>
            {t('projects.create')}
          </Button>
        )}
      </Group>
      <QueryState
        query={query}
        loading={<CardsSkeleton />}
        isEmpty={() => projects.length === 0}
        empty={
          <Paper withBorder radius="lg" p="lg">
            <EmptyState
              icon={<IconRocket size={28} stroke={1.5} />}
              title={t('projects.empty')}
              description={t('projects.emptyText')}
            />
          </Paper>
        }
      >
        {() => (
          <SimpleGrid
            cols={{ base: 1, xs: 2, md: 3 }}
            spacing="md"
            component="section"
            aria-label={t('projects.title')}
          >
            {projects.map((project) => (
              <ProjectCard key={project._id} project={project} />
            ))}
          </SimpleGrid>
        )}
      </QueryState>
      <LoadMore query={query} label={t('directory.loadMore')} />
      <Modal
        opened={creating}
        onClose={() => setCreating(false)}
        title={t('projects.create')}
        centered
        size="lg"
        closeButtonProps={{ 'aria-label': t('form.cancel') }}
      >
        {creating && (
          <ProjectFields
            initial={{ name: '', description: '', status: 'planned', start: '', end: '' }}
            submitLabel={t('projects.create')}
            onCancel={() => setCreating(false)}
            onSubmit={async (values) => {
              const project = await create.mutateAsync({ ...projectBody(values), participants: [] });
              showSuccess(t('projects.created'));
              setCreating(false);
              navigate(`/project/${project._id}`);
            }}
          />
        )}
      </Modal>
    </Stack>
  );
}
