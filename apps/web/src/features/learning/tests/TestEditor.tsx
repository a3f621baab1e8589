import { type QuestionDto, TEST_QUESTIONS_MAX, type TestDto } from '@hallway/shared/learning';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  List,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconCheck, IconEye, IconLock, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { isApiError } from '../../../api/client';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { PageHeader } from '../../../ui/PageHeader';
import { EmptyState } from '../../../ui/States';
import { showSuccess } from '../../../ui/toast';
import { useLearningTexts } from '../texts';
import { QuestionEditor } from './QuestionEditor';
import { testKeys, testMutations } from './queries';
import { type QuestionDraft, questionDraftOf } from './rules';
import { TestSettingsForm } from './TestSettingsForm';

/**
 * The test's editor for the course's managers (modules §3 Test, §5): its settings and its questions. Once people took
 * the test on a course out of draft the server refuses changes (`can.edit` false, `test_has_attempts`): the page says
 * so and shows everything read-only.
 */
export function TestEditor({ test }: { test: TestDto }) {
  const { t } = useLearningTexts();
  const client = useQueryClient();
  const navigate = useNavigate();
  const courseId = test.course_id;
  const [refused, setRefused] = useState(false);
  const [editing, setEditing] = useState<{ draft: QuestionDraft; number: number } | null>(null);
  const [removing, setRemoving] = useState<QuestionDto | null>(null);
  const [deleting, setDeleting] = useState(false);
  const locked = refused || !test.can.edit;
  const questions = test.questions ?? [];

  /** A refusal because people took the test locks the page and reads the test again (its `can`). */
  const guard = async <T,>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (isApiError(error) && error.code === 'test_has_attempts') {
        setRefused(true);
        setEditing(null);
        void client.invalidateQueries({ queryKey: testKeys.one(courseId, test._id) });
      }
      throw error;
    }
  };

  const update = useMutation(testMutations.update(client, courseId, test._id));
  const save = useMutation(testMutations.saveQuestion(client, courseId, test._id));
  const removeQuestion = useMutation(testMutations.removeQuestion(client, courseId, test._id));
  const remove = useMutation(testMutations.remove(client, courseId, test._id));

  return (
    <Stack gap="md">
      <PageHeader
        title={test.title}
        description={t('tests.editorDescription', { count: test.question_count })}
        actions={
          <>
            <Button
              component={Link}
              to={{ search: '?preview' }}
              variant="default"
              size="sm"
              leftSection={<IconEye size={16} />}
            >
              {t('tests.previewAsLearner')}
            </Button>
            {!locked && (
              <Button
                variant="subtle"
                color="red"
                size="sm"
                leftSection={<IconTrash size={16} />}
                onClick={() => setDeleting(true)}
              >
                {t('tests.deleteTest')}
              </Button>
            )}
          </>
        }
      />
      {locked && (
        <Alert
          variant="light"
          color="orange"
          icon={<IconLock size={18} />}
          title={t('tests.lockedTitle')}
          role="status"
        >
          {test.has_attempts || refused ? t('tests.lockedAttempts') : t('tests.lockedRights')}
        </Alert>
      )}
      <TestSettingsForm
        // A fresh form when the stored test changes (after a save or a refetch).
        key={`${test._id}-${locked}`}
        test={test}
        disabled={locked}
        submitLabel={t('tests.saveSettings')}
        onSubmit={async (body) => {
          await guard(() => update.mutateAsync(body));
          showSuccess(t('tests.saved'));
        }}
      />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="test-questions">
        <Stack gap="sm">
          <Group justify="space-between" gap="xs">
            <Title order={2} size="h4" id="test-questions">
              {t('tests.questions')}
            </Title>
            {!locked && (
              <Button
                size="xs"
                leftSection={<IconPlus size={14} />}
                disabled={questions.length >= TEST_QUESTIONS_MAX}
                onClick={() => setEditing({ draft: questionDraftOf(), number: questions.length + 1 })}
              >
                {t('tests.addQuestion')}
              </Button>
            )}
          </Group>
          {questions.length === 0 ? (
            <EmptyState title={t('tests.noQuestionsTitle')} description={t('tests.noQuestionsText')} />
          ) : (
            <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {questions.map((question, index) => (
                <Paper
                  key={question._id}
                  component="li"
                  withBorder
                  radius="md"
                  p="sm"
                  aria-label={t('tests.questionN', { n: index + 1 })}
                >
                  <Stack gap={6}>
                    <Group gap="xs" wrap="nowrap" align="flex-start" justify="space-between">
                      <Group gap="xs" wrap="nowrap" align="flex-start" miw={0}>
                        <Badge variant="light" radius="sm" size="sm" style={{ flex: 'none' }} mt={2}>
                          {index + 1}
                        </Badge>
                        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                          {question.text}
                        </Text>
                      </Group>
                      {!locked && (
                        <Group gap={4} wrap="nowrap" style={{ flex: 'none' }}>
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            aria-label={t('tests.editQuestion', { n: index + 1 })}
                            onClick={() => setEditing({ draft: questionDraftOf(question), number: index + 1 })}
                          >
                            <IconPencil size={16} />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={t('tests.deleteQuestion', { n: index + 1 })}
                            onClick={() => setRemoving(question)}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Group>
                      )}
                    </Group>
                    <List size="sm" spacing={2} listStyleType="none" pl={{ base: 0, sm: 36 }}>
                      {question.answers.map((answer) => (
                        <List.Item
                          key={answer._id}
                          icon={
                            answer.correct ? (
                              <ThemeIcon size={18} radius="xl" color="teal" variant="light">
                                <IconCheck size={12} aria-hidden />
                              </ThemeIcon>
                            ) : (
                              <ThemeIcon size={18} radius="xl" color="gray" variant="transparent" aria-hidden />
                            )
                          }
                        >
                          <Text size="sm" component="span" fw={answer.correct ? 500 : undefined}>
                            {answer.text}
                          </Text>
                          {answer.correct && (
                            <VisuallyHidden component="span">{` (${t('tests.correct')})`}</VisuallyHidden>
                          )}
                        </List.Item>
                      ))}
                    </List>
                  </Stack>
                </Paper>
              ))}
            </Stack>
          )}
        </Stack>
      </Paper>
      <QuestionEditor
        initial={editing?.draft ?? null}
        number={editing?.number ?? 1}
        onClose={() => setEditing(null)}
        onSave={(body) => guard(() => save.mutateAsync(body))}
      />
      <ConfirmDialog
        opened={removing !== null}
        title={t('tests.deleteQuestionTitle')}
        message={removing?.text}
        confirmLabel={t('tests.delete')}
        danger
        onConfirm={() => removing && guard(() => removeQuestion.mutateAsync(removing._id))}
        onClose={() => setRemoving(null)}
      />
      <ConfirmDialog
        opened={deleting}
        title={t('tests.deleteTestTitle')}
        message={t('tests.deleteTestText', { title: test.title })}
        confirmLabel={t('tests.delete')}
        danger
        onConfirm={async () => {
          await guard(() => remove.mutateAsync());
          navigate(`/courses/${courseId}`, { replace: true });
        }}
        onClose={() => setDeleting(false)}
      />
    </Stack>
  );
}
