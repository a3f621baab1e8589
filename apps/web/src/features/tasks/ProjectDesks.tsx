import type { ProjectDto } from '@hallway/shared';
import { Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { QueryState } from '../../ui/States';
import { DeskForm } from './DeskForm';
import { DeskBadges } from './DesksPage';
import { backgroundStyle } from './format';
import { taskQueries } from './queries';
import { useTasksTexts } from './texts';
import './tasks.css';

/**
 * A project page's desks (its side column, `projectPanels`): the desks linked to the project that the person may
 * read, newest changed first, and a new desk already linked to it.
 */
export default function ProjectDesks({ project }: { project: ProjectDto }) {
  const { t } = useTasksTexts();
  const navigate = useNavigate();
  const query = useQuery(taskQueries.desks('project', 0, project._id));
  const [creating, setCreating] = useState(false);
  const titleId = `project-desks-${project._id}`;
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Title order={2} size="h4" id={titleId}>
            {t('projects.title')}
            {query.data ? ` · ${query.data.total}` : ''}
          </Title>
          {query.data?.can.create && (
            <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setCreating(true)}>
              {t('projects.create')}
            </Button>
          )}
        </Group>
        <QueryState
          query={query}
          loading={<Skeleton height={72} radius="md" role="status" aria-label={t('list.loading')} />}
          isEmpty={(data) => data.result.length === 0}
          empty={
            <Text size="sm" c="dimmed">
              {t('projects.empty')}
            </Text>
          }
        >
          {(data) => (
            <Stack gap="xs" component="ul" className="tasks-plain-list">
              {data.result.map((desk) => (
                <Group key={desk._id} component="li" gap="sm" wrap="nowrap">
                  <div className="tasks-desk-swatch" style={backgroundStyle(desk.background)} aria-hidden />
                  <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                    <Anchor component={Link} to={`/desk/${desk._id}`} fw={500} size="sm" lineClamp={1}>
                      {desk.name}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {t('list.counts', { open: desk.tasks.open, total: desk.tasks.total })}
                    </Text>
                  </Stack>
                  <DeskBadges desk={desk} />
                </Group>
              ))}
              {data.total > data.result.length && (
                <Anchor component={Link} to={`/task-tracker?list=project&project=${project._id}`} size="sm">
                  {t('projects.all', { count: data.total })}
                </Anchor>
              )}
            </Stack>
          )}
        </QueryState>
      </Stack>
      {creating && (
        <DeskForm
          opened
          project={project._id}
          onClose={() => setCreating(false)}
          onCreated={(desk) => navigate(`/desk/${desk._id}`)}
        />
      )}
    </Paper>
  );
}
