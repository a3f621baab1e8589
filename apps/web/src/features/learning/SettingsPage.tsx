import { LMS_ADMINS_MAX, type LmsAdminsResult } from '@hallway/shared/learning';
import type { PersonCard } from '@hallway/shared/posts';
import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../app/session/context';
import { errorText } from '../../i18n/errors';
import { Avatar } from '../../ui/Avatar';
import { PageHeader } from '../../ui/PageHeader';
import { PeoplePicker } from '../../ui/PeoplePicker';
import { PeopleSkeleton } from '../../ui/Skeletons';
import { QueryState } from '../../ui/States';
import { showSuccess } from '../../ui/toast';
import { learningMutations, learningQueries } from './queries';
import { useLearningTexts } from './texts';

type Admins = LmsAdminsResult['result'];

/**
 * /courses/settings: the workspace's LMS administrators, who manage every course. The workspace's administrators
 * choose them (`can.edit`); everyone else reads the list.
 */
export default function SettingsPage() {
  const { t } = useLearningTexts();
  const { client } = useSession();
  const query = useQuery(learningQueries.admins(client?._id ?? ''));
  return (
    <Stack gap="md" maw={760} mx="auto" w="100%">
      <Anchor component={Link} to="/courses" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden />
          {t('courses.course.back')}
        </Group>
      </Anchor>
      <PageHeader title={t('courses.settingsPage.title')} description={t('courses.settingsPage.description')} />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <QueryState query={query} loading={<PeopleSkeleton rows={3} label={t('courses.settingsPage.loading')} />}>
          {(admins) => (admins.can.edit ? <AdminsForm admins={admins} /> : <AdminsList people={admins.admins} />)}
        </QueryState>
      </Paper>
    </Stack>
  );
}

function AdminsList({ people }: { people: PersonCard[] }) {
  const { t } = useLearningTexts();
  return (
    <Stack gap="sm">
      <Text fw={500}>{t('courses.settingsPage.admins')}</Text>
      {people.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('courses.settingsPage.none')}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {people.map((person) => (
            <Group key={person._id} gap="sm" component="li" wrap="nowrap">
              <Avatar person={person} size={36} decorative />
              <div>
                <Text size="sm" fw={500}>
                  {person.name}
                </Text>
                {person.position && (
                  <Text size="xs" c="dimmed">
                    {person.position}
                  </Text>
                )}
              </div>
            </Group>
          ))}
        </Stack>
      )}
      <Text size="xs" c="dimmed">
        {t('courses.settingsPage.readOnly')}
      </Text>
    </Stack>
  );
}

function AdminsForm({ admins }: { admins: Admins }) {
  const { t } = useLearningTexts();
  const { client } = useSession();
  const queries = useQueryClient();
  const save = useMutation(learningMutations.saveAdmins(queries, client?._id ?? ''));
  const [chosen, setChosen] = useState(admins.admins.map((person) => person._id));
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setError(null);
        save.mutate(chosen, {
          onSuccess: () => showSuccess(t('courses.settingsPage.saved')),
          onError: (failure) => setError(errorText(failure)),
        });
      }}
    >
      <Stack gap="md">
        <PeoplePicker
          label={t('courses.settingsPage.admins')}
          description={t('courses.settingsPage.adminsHint')}
          value={chosen}
          known={admins.admins}
          maxValues={LMS_ADMINS_MAX}
          onChange={(ids) => setChosen(ids)}
          error={error}
        />
        {chosen.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('courses.settingsPage.none')}
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {t('courses.settingsPage.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
