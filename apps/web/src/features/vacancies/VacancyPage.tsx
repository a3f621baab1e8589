import { isUuid } from '@hallway/shared';
import type { ArticleDto } from '@hallway/shared/articles';
import { Badge, Button, Grid, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconBriefcase, IconCash, IconPencil, IconSend, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../api/client';
import { useSession } from '../../app/session/context';
import { formatDay } from '../../i18n/dates';
import { Avatar } from '../../ui/Avatar';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { PageSkeleton } from '../../ui/Skeletons';
import { QueryState } from '../../ui/States';
import { showSuccess } from '../../ui/toast';
import { ArticleBody } from '../articles';
import { salaryText } from './format';
import { vacancyMutations, vacancyQueries } from './queries';
import { RespondModal } from './RespondForm';
import { useVacanciesTexts } from './texts';
import { EditVacancyModal } from './VacancyForm';
import './vacancies.css';

/** An unknown vacancy, a deleted one or one the person may not read: one not-found state. */
const isGone = (error: unknown) => isApiError(error) && [400, 403, 404].includes(error.status);

function Back() {
  const { t } = useVacanciesTexts();
  return (
    <Button
      component={Link}
      to="/vacancies/"
      variant="subtle"
      leftSection={<IconArrowLeft size={16} />}
      w="fit-content"
      px="xs"
    >
      {t('vacancy.back')}
    </Button>
  );
}

/** /vacancy/:_id (modules §2): the vacancy, its description, salary, tag and receivers; respond, edit, delete. */
export default function VacancyPage() {
  const { t } = useVacanciesTexts();
  const { _id: raw = '' } = useParams();
  const id = raw.toLowerCase();
  const valid = isUuid(id);
  const query = useQuery({ ...vacancyQueries.one(id), enabled: valid });
  if (!valid || isGone(query.error) || (query.data && query.data.section !== 'vacancy')) {
    return (
      <Stack gap="md" maw={960} mx="auto" w="100%">
        <Back />
        <Paper withBorder radius="lg" p="xl">
          <Stack align="center" gap="xs" ta="center">
            <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
              <IconBriefcase size={28} stroke={1.5} />
            </ThemeIcon>
            <Title order={1} size="h3">
              {t('vacancy.notFoundTitle')}
            </Title>
            <Text c="dimmed" size="sm" maw={420}>
              {t('vacancy.notFoundText')}
            </Text>
          </Stack>
        </Paper>
      </Stack>
    );
  }
  return (
    <Stack gap="md" maw={960} mx="auto" w="100%">
      <Back />
      <QueryState query={query} loading={<PageSkeleton rows={5} label={t('vacancy.loading')} />}>
        {(vacancy) => <VacancyView vacancy={vacancy} />}
      </QueryState>
    </Stack>
  );
}

/** The reader's view is counted once per visit of the page (the server counts a person once in all). */
function useCountView(vacancy: ArticleDto) {
  const { user } = useSession();
  const client = useQueryClient();
  const userId = user?._id ?? '';
  const view = useMutation(vacancyMutations.view(client, vacancy._id, userId));
  const counted = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per vacancy opened
  useEffect(() => {
    if (!userId || counted.current === vacancy._id || vacancy.viewed) return;
    counted.current = vacancy._id;
    view.mutate();
  }, [vacancy._id, userId]);
}

function VacancyView({ vacancy }: { vacancy: ArticleDto }) {
  const { t, lang } = useVacanciesTexts();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [responding, setResponding] = useState(false);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useMutation(vacancyMutations.remove(client));
  useCountView(vacancy);
  const agreed = vacancy.salary_from == null && vacancy.salary_to == null;

  return (
    <>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="header">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
            <Stack gap={6} style={{ flex: '1 1 320px', minWidth: 0 }}>
              <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
                {vacancy.title}
              </Title>
              <Group gap={6} wrap="nowrap" aria-label={t('vacancy.salary')} role="group">
                <IconCash size={20} aria-hidden color="var(--mantine-color-teal-filled)" />
                <Text fw={700} size="lg" c={agreed ? 'dimmed' : undefined}>
                  {salaryText(vacancy.salary_from, vacancy.salary_to, lang, t)}
                </Text>
              </Group>
            </Stack>
            <Group gap="xs" wrap="wrap">
              {vacancy.can.respond && (
                <Button leftSection={<IconSend size={16} />} onClick={() => setResponding(true)}>
                  {t('vacancy.respond')}
                </Button>
              )}
              {vacancy.can.edit && (
                <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
                  {t('vacancy.edit')}
                </Button>
              )}
              {vacancy.can.delete && (
                <Button
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={16} />}
                  onClick={() => setDeleting(true)}
                >
                  {t('vacancy.delete')}
                </Button>
              )}
            </Group>
          </Group>
          <Group gap="sm" wrap="wrap">
            {vacancy.tags.map((tag) => (
              <Badge key={tag._id} variant="light" radius="sm">
                {tag.name}
              </Badge>
            ))}
            <Text size="sm" c="dimmed">
              {t('vacancy.author', { name: vacancy.author.name, date: formatDay(vacancy.created, lang) })}
            </Text>
            <Text size="sm" c="dimmed">
              {t('vacancy.views', { count: vacancy.views })}
            </Text>
          </Group>
        </Stack>
      </Paper>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: vacancy.receivers.length ? 8 : 12 }}>
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-label={t('form.body')}>
            <VacancyBody vacancy={vacancy} />
          </Paper>
        </Grid.Col>
        {vacancy.receivers.length > 0 && (
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper withBorder radius="lg" p="md" component="section" aria-labelledby="vacancy-receivers">
              <Text fw={600} size="sm" mb="xs" id="vacancy-receivers">
                {t('vacancy.receivers')}
              </Text>
              <Stack gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {vacancy.receivers.map((person) => (
                  <Group key={person._id} component="li" gap="sm" wrap="nowrap">
                    <Avatar person={person} size={36} />
                    <div style={{ minWidth: 0 }}>
                      <Text size="sm" fw={500} truncate="end">
                        {person.name}
                      </Text>
                      {person.position && (
                        <Text size="xs" c="dimmed" truncate="end">
                          {person.position}
                        </Text>
                      )}
                    </div>
                  </Group>
                ))}
              </Stack>
            </Paper>
          </Grid.Col>
        )}
      </Grid>
      <RespondModal
        vacancyId={vacancy._id}
        title={vacancy.title}
        opened={responding}
        onClose={() => setResponding(false)}
      />
      {vacancy.can.edit && <EditVacancyModal vacancy={vacancy} opened={editing} onClose={() => setEditing(false)} />}
      <ConfirmDialog
        opened={deleting}
        title={t('vacancy.deleteTitle')}
        message={t('vacancy.deleteText', { title: vacancy.title })}
        confirmLabel={t('vacancy.delete')}
        danger
        onConfirm={async () => {
          await remove.mutateAsync(vacancy._id);
          showSuccess(t('vacancy.deleted'));
          navigate('/vacancies/', { replace: true });
        }}
        onClose={() => setDeleting(false)}
      />
    </>
  );
}

/** The description, read-only. */
function VacancyBody({ vacancy }: { vacancy: ArticleDto }) {
  const { t } = useVacanciesTexts();
  if (!vacancy.doc?.content.length) {
    return (
      <Text c="dimmed" size="sm">
        {t('vacancy.noBody')}
      </Text>
    );
  }
  return <ArticleBody doc={vacancy.doc} />;
}
