import {
  type QuestionBody,
  TEST_ANSWER_MAX,
  TEST_ANSWERS_MAX,
  TEST_ANSWERS_MIN,
  TEST_QUESTION_MAX,
} from '@hallway/shared/learning';
import { ActionIcon, Alert, Button, Checkbox, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../../api/client';
import { useTranslation } from '../../../i18n';
import { useCatalogues } from '../../../i18n/catalogues';
import { errorText, translateCode } from '../../../i18n/errors';
import { LengthCounter } from '../../../ui/ValidatedInput';
import { useLearningTexts } from '../texts';
import { blankAnswer, checkQuestion, type Problems, type QuestionDraft, serverProblems } from './rules';

export interface QuestionEditorProps {
  /** The question being written; null: the dialog is closed. */
  initial: QuestionDraft | null;
  /** Its number in the test, for the dialog's title. */
  number: number;
  onSave: (body: QuestionBody) => Promise<unknown>;
  onClose: () => void;
}

/**
 * A question in a dialog (modules §5 Test): its text, 2–15 answers each with its "correct" box, at least one correct.
 * The shared schema checks the draft as the server will; the server's `fields` land on the same inputs.
 */
export function QuestionEditor({ initial, number, onSave, onClose }: QuestionEditorProps) {
  const { t } = useLearningTexts();
  const { t: common } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={initial !== null}
      onClose={onClose}
      title={initial?._id ? t('tests.editQuestionTitle', { n: number }) : t('tests.newQuestionTitle', { n: number })}
      size="lg"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': common('common.close') }}
    >
      {initial && <QuestionForm initial={initial} onSave={onSave} onClose={onClose} />}
    </Modal>
  );
}

function QuestionForm({
  initial,
  onSave,
  onClose,
}: Omit<QuestionEditorProps, 'number' | 'initial'> & { initial: QuestionDraft }) {
  const { t } = useLearningTexts();
  useCatalogues();
  const [draft, setDraft] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<Problems>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const checked = checkQuestion(draft);
  const local = checked.problems ?? {};
  const errorOf = (place: string) => {
    const problem = server[place] ?? (submitted ? local[place] : undefined);
    return problem ? translateCode(problem.code, problem.params) : undefined;
  };
  const change = (next: QuestionDraft) => {
    setDraft(next);
    setServer({});
    setFormError(null);
  };
  const setAnswer = (index: number, patch: Partial<QuestionDraft['answers'][number]>) =>
    change({ ...draft, answers: draft.answers.map((answer, i) => (i === index ? { ...answer, ...patch } : answer)) });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    setSubmitted(true);
    if (checked.problems) return;
    setBusy(true);
    setFormError(null);
    try {
      await onSave(checked.body);
      onClose();
    } catch (error) {
      const placed = isApiError(error) ? serverProblems(error.fields, error.params) : {};
      setServer(placed);
      const shown = Object.keys(placed).filter((place) => place.startsWith('question.'));
      if (shown.length === 0 || shown.length < Object.keys(placed).length) setFormError(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const answersProblem = errorOf('question.answers');
  const full = draft.answers.length >= TEST_ANSWERS_MAX;
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        <Textarea
          label={t('tests.questionText')}
          value={draft.text}
          onChange={(event) => change({ ...draft, text: event.currentTarget.value })}
          description={<LengthCounter length={draft.text.length} max={TEST_QUESTION_MAX} />}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          error={errorOf('question.text')}
          withAsterisk
          autosize
          minRows={2}
          maxRows={8}
          data-autofocus
        />
        <Stack gap={6} component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
          <Group justify="space-between" gap="xs" component="legend" w="100%" p={0}>
            <Text fw={500} size="sm">
              {t('tests.answers')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('tests.answersCount', { count: draft.answers.length, max: TEST_ANSWERS_MAX })}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {t('tests.answersHint')}
          </Text>
          {draft.answers.map((answer, index) => (
            <Group key={answer.key} gap="xs" wrap="nowrap" align="flex-start">
              <Checkbox
                mt={8}
                aria-label={t('tests.answerCorrect', { n: index + 1 })}
                checked={answer.correct}
                onChange={(event) => setAnswer(index, { correct: event.currentTarget.checked })}
                color="teal"
              />
              <TextInput
                style={{ flex: 1, minWidth: 0 }}
                aria-label={t('tests.answerN', { n: index + 1 })}
                placeholder={t('tests.answerPlaceholder', { n: index + 1 })}
                value={answer.text}
                maxLength={TEST_ANSWER_MAX}
                onChange={(event) => setAnswer(index, { text: event.currentTarget.value })}
                error={errorOf(`question.answers.${index}.text`)}
              />
              <ActionIcon
                mt={4}
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={t('tests.removeAnswer', { n: index + 1 })}
                disabled={draft.answers.length <= TEST_ANSWERS_MIN}
                onClick={() => change({ ...draft, answers: draft.answers.filter((_, i) => i !== index) })}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          {answersProblem && (
            <Text size="sm" c="red" role="alert">
              {answersProblem}
            </Text>
          )}
          <Button
            variant="light"
            size="xs"
            w="fit-content"
            leftSection={<IconPlus size={14} />}
            disabled={full}
            onClick={() => change({ ...draft, answers: [...draft.answers, blankAnswer()] })}
          >
            {t('tests.addAnswer')}
          </Button>
        </Stack>
        {formError && (
          <Alert color="red" variant="light" role="alert" py="xs">
            {formError}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('tests.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('tests.saveQuestion')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
