import { isUuid } from '@hallway/shared';
import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconChecklist } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../../api/client';
import { PageHeader } from '../../../ui/PageHeader';
import { PageSkeleton } from '../../../ui/Skeletons';
import { QueryState } from '../../../ui/States';
import { useLearningTexts } from '../texts';
import { testMutations, testQueries } from './queries';
import { TestEditor } from './TestEditor';
import { TestSettingsForm } from './TestSettingsForm';
import { TestTaking } from './TestTaking';

/** An unknown test, a deleted one or one the person may not read: one not-found state. */
const isGone = (error: unknown) => isApiError(error) && [400, 403, 404].includes(error.status);

export function BackToCourse({ courseId }: { courseId: string }) {
  const { t } = useLearningTexts();
  return (
    <Button
      component={Link}
      to={`/courses/${courseId}`}
      variant="subtle"
      leftSection={<IconArrowLeft size={16} />}
      w="fit-content"
      px="xs"
    >
      {t('tests.backToCourse')}
    </Button>
  );
}

function TestNotFound() {
  const { t } = useLearningTexts();
  return (
    <Paper withBorder radius="lg" p="xl">
      <Stack align="center" gap="xs" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
          <IconChecklist size={28} stroke={1.5} />
        </ThemeIcon>
        <Title order={1} size="h3">
          {t('tests.notFoundTitle')}
        </Title>
        <Text c="dimmed" size="sm" maw={420}>
          {t('tests.notFoundText')}
        </Text>
      </Stack>
    </Paper>
  );
}

/**
 * /courses/:id/tests/new and /courses/:id/tests/:testId (modules §2 "test taking", §4 the test flow, §5 Test): the
 * editor for the course's managers (`?preview` shows them the learner's side), the test to take for everyone else.
 */
export default function TestPage() {
  const { id: rawCourse = '', testId: rawTest } = useParams();
  const courseId = rawCourse.toLowerCase();
  return (
    <Stack gap="md" maw={900} mx="auto" w="100%">
      <BackToCourse courseId={courseId} />
      {!isUuid(courseId) ? (
        <TestNotFound />
      ) : rawTest === undefined ? (
        <NewTest courseId={courseId} />
      ) : (
        <ExistingTest courseId={courseId} testId={rawTest.toLowerCase()} />
      )}
    </Stack>
  );
}

function NewTest({ courseId }: { courseId: string }) {
  const { t } = useLearningTexts();
  const client = useQueryClient();
  const navigate = useNavigate();
  const create = useMutation(testMutations.create(client, courseId));
  return (
    <>
      <PageHeader title={t('tests.newTitle')} description={t('tests.newDescription')} />
      <TestSettingsForm
        submitLabel={t('tests.create')}
        onSubmit={async (body) => {
          const test = await create.mutateAsync(body);
          navigate(`/courses/${courseId}/tests/${test._id}`, { replace: true });
        }}
        onCancel={() => navigate(`/courses/${courseId}`)}
      />
    </>
  );
}

function ExistingTest({ courseId, testId }: { courseId: string; testId: string }) {
  const { t } = useLearningTexts();
  const [search] = useSearchParams();
  const valid = isUuid(testId);
  const query = useQuery({ ...testQueries.one(courseId, testId), enabled: valid });
  if (!valid || isGone(query.error)) return <TestNotFound />;
  return (
    <QueryState query={query} loading={<PageSkeleton rows={8} label={t('tests.loading')} />}>
      {(test) => {
        const manager = test.can.edit || test.questions !== null;
        return manager && !search.has('preview') ? (
          <TestEditor test={test} />
        ) : (
          <TestTaking test={test} preview={manager} />
        );
      }}
    </QueryState>
  );
}
