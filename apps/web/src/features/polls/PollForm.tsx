import {
  POLL_LONG_TEXT_MAX,
  POLL_SHORT_TEXT_MAX,
  type PollAnswerInput,
  type PollQuestionDto,
  type StoredAnswer,
} from '@hallway/shared/polls';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Input,
  Paper,
  Progress,
  Radio,
  SegmentedControl,
  Slider,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconSend, IconX } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../api/client';
import { errorText, translateCode } from '../../i18n/errors';
import { usePollsTexts } from './texts';

export type Answers = Record<string, StoredAnswer>;
export type FormMode = 'one' | 'step';

const MODE_KEY = 'hallway.polls.mode';
const storedMode = (): FormMode => {
  try {
    return localStorage.getItem(MODE_KEY) === 'step' ? 'step' : 'one';
  } catch {
    return 'one';
  }
};

/** Whether an answer says anything: a value, a text that is not blank, at least one option. */
export function isAnswered(answer: StoredAnswer | undefined): boolean {
  if (!answer) return false;
  if (answer.value !== undefined) return true;
  if (answer.text !== undefined) return answer.text.trim().length > 0;
  return (answer.options?.length ?? 0) > 0;
}

/** The answer set as `POST api/poll/{id}/answers` takes it: the answered questions, in the poll's order. */
export function submissionOf(questions: PollQuestionDto[], answers: Answers): PollAnswerInput[] {
  return questions
    .filter((question) => isAnswered(answers[question.id]))
    .map((question) => {
      const answer = answers[question.id];
      if (question.kind === 'range') return { question: question.id, value: answer.value };
      if (question.kind === 'short_text' || question.kind === 'long_text') {
        return { question: question.id, text: answer.text?.trim() };
      }
      return { question: question.id, options: answer.options ?? [] };
    });
}

/**
 * The server's refusal of an answer set, by question: `poll_mandatory_missing` names the question's key
 * (`answers.<key>`), the others the answer's place in the set sent (`answers.<i>`, `answers.<i>.value`).
 */
export function questionErrors(error: unknown, sent: PollAnswerInput[]): Record<string, string> {
  if (!isApiError(error)) return {};
  const found: Record<string, string> = {};
  for (const [field, code] of Object.entries(error.fields)) {
    const match = /^answers\.([^.]+)(?:\.\w+)?$/.exec(field);
    if (!match) continue;
    const key = code === 'poll_mandatory_missing' ? match[1] : sent[Number(match[1])]?.question;
    if (key) found[key] = translateCode(code, error.params);
  }
  return found;
}

export interface PollFormProps {
  questions: PollQuestionDto[];
  /** The caller's answers (changing them, or a finished poll's), by question key. */
  initial?: Answers | null;
  /** Sends the set; a refusal is thrown back for the form to show on its questions. */
  onSubmit?: (answers: PollAnswerInput[]) => Promise<unknown>;
  /** The editor's preview: everything works but sending. */
  preview?: boolean;
  /** A finished poll: the answers shown, nothing changes. */
  readOnly?: boolean;
  submitLabel?: string;
  /** Offered beside the submit button (changing answers: keep the previous ones). */
  onCancel?: () => void;
  /** Prefix of the ids of the questions' elements (two forms on one page: the editor and its preview). */
  idPrefix?: string;
}

/**
 * A poll's answering form (modules §2 "/poll/:_id"), also the editor's preview: each question with the control of
 * its kind, mandatory ones marked, a progress bar, and one page or step by step (Back / Next). A mandatory question
 * left empty, the client's check or the server's `poll_mandatory_missing`, is marked and brought into view.
 */
export function PollForm({
  questions,
  initial,
  onSubmit,
  preview = false,
  readOnly = false,
  submitLabel,
  onCancel,
  idPrefix = 'poll',
}: PollFormProps) {
  const { t } = usePollsTexts();
  const [answers, setAnswers] = useState<Answers>(initial ?? {});
  const [mode, setModeState] = useState<FormMode>(readOnly ? 'one' : storedMode);
  const [step, setStep] = useState(0);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [focusKey, setFocusKey] = useState<{ key: string } | null>(null);
  const root = useRef<HTMLFormElement>(null);

  const total = questions.length;
  const answered = questions.filter((question) => isAnswered(answers[question.id])).length;
  const current = Math.min(step, Math.max(0, total - 1));
  const shown = mode === 'step' ? questions.slice(current, current + 1) : questions;
  const questionId = (key: string) => `${idPrefix}-q-${key}`;

  // A question marked by a check is brought into view and focused once it is drawn (in step mode, its step).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new mark moves the focus
  useEffect(() => {
    if (!focusKey) return;
    const element = root.current?.querySelector<HTMLElement>(`[id="${questionId(focusKey.key)}"]`);
    element?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    element?.focus({ preventScroll: true });
  }, [focusKey]);

  const setMode = (next: FormMode) => {
    setModeState(next);
    try {
      localStorage.setItem(MODE_KEY, next);
    } catch {
      // a private window: the choice lasts for the page
    }
  };

  const change = (key: string, answer: StoredAnswer | undefined) => {
    setAnswers((all) => {
      const next = { ...all };
      if (answer) next[key] = answer;
      else delete next[key];
      return next;
    });
    setErrors((all) => {
      if (!all[key]) return all;
      const { [key]: _gone, ...rest } = all;
      return rest;
    });
    setFormError(null);
  };

  /** Marks `keys` with their texts and brings the first into view. */
  const mark = (found: Record<string, string>) => {
    setErrors(found);
    const first = questions.findIndex((question) => found[question.id]);
    if (first < 0) return;
    if (mode === 'step') setStep(first);
    setFocusKey({ key: questions[first].id });
  };

  const missing = (list: PollQuestionDto[]) =>
    Object.fromEntries(
      list
        .filter((question) => question.mandatory && !isAnswered(answers[question.id]))
        .map((question) => [question.id, t('answer.mandatoryMissing')]),
    );

  const next = () => {
    const here = missing([questions[current]]);
    if (Object.keys(here).length) return mark(here);
    setStep(current + 1);
    setFocusKey({ key: questions[current + 1].id });
  };
  const back = () => {
    setStep(current - 1);
    setFocusKey({ key: questions[current - 1].id });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (readOnly || preview || !onSubmit) return;
    const all = missing(questions);
    if (Object.keys(all).length) {
      setFormError(t('answer.fixProblems'));
      return mark(all);
    }
    const sent = submissionOf(questions, answers);
    setBusy(true);
    setFormError(null);
    try {
      await onSubmit(sent);
    } catch (error) {
      const found = questionErrors(error, sent);
      if (Object.keys(found).length) {
        setFormError(errorText(error));
        mark(found);
      } else setFormError(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const last = mode === 'one' || current === total - 1;
  const percent = total ? Math.round((answered / total) * 100) : 0;

  return (
    <form ref={root} noValidate onSubmit={submit} aria-busy={busy}>
      <Stack gap="md">
        {!readOnly && (
          <Paper withBorder radius="lg" p="sm" className="hw-poll-progress">
            <Stack gap={8}>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <SegmentedControl
                  size="xs"
                  radius="xl"
                  aria-label={t('answer.mode')}
                  value={mode}
                  onChange={(value) => setMode(value as FormMode)}
                  data={[
                    { value: 'one', label: t('answer.onePage') },
                    { value: 'step', label: t('answer.stepByStep') },
                  ]}
                />
                <Text size="sm" c="dimmed" aria-live="polite">
                  {mode === 'step' && total > 0 ? `${t('answer.step', { n: current + 1, total })} · ` : ''}
                  {t('answer.progress', { answered, total })}
                </Text>
              </Group>
              <Progress
                value={percent}
                size="sm"
                radius="xl"
                aria-label={t('answer.progress', { answered, total })}
                transitionDuration={200}
              />
            </Stack>
          </Paper>
        )}
        {!readOnly && questions.some((question) => question.mandatory) && (
          <Text size="xs" c="dimmed">
            {t('answer.required')}
          </Text>
        )}
        {shown.map((question) => {
          const index = questions.indexOf(question);
          return (
            <QuestionField
              key={question.id}
              id={questionId(question.id)}
              question={question}
              n={index + 1}
              answer={answers[question.id]}
              onChange={(answer) => change(question.id, answer)}
              error={errors[question.id]}
              disabled={readOnly}
            />
          );
        })}
        {formError && (
          <Alert color="red" variant="light" role="alert" py="xs">
            {formError}
          </Alert>
        )}
        {!readOnly && (
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Group gap="sm">
              {mode === 'step' && current > 0 && (
                <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={back}>
                  {t('answer.back')}
                </Button>
              )}
              {onCancel && (
                <Button variant="subtle" color="gray" leftSection={<IconX size={16} />} onClick={onCancel}>
                  {t('answer.cancelChange')}
                </Button>
              )}
            </Group>
            {last ? (
              <Stack gap={4} align="flex-end">
                <Button type="submit" leftSection={<IconSend size={16} />} loading={busy} disabled={preview}>
                  {submitLabel ?? t('answer.submit')}
                </Button>
                {preview && (
                  <Text size="xs" c="dimmed">
                    {t('answer.previewSubmit')}
                  </Text>
                )}
              </Stack>
            ) : (
              <Button rightSection={<IconArrowRight size={16} />} onClick={next}>
                {t('answer.next')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </form>
  );
}

interface QuestionFieldProps {
  id: string;
  question: PollQuestionDto;
  n: number;
  answer: StoredAnswer | undefined;
  onChange: (answer: StoredAnswer | undefined) => void;
  error?: string;
  disabled?: boolean;
}

/** One question in its card: its number, text (with the mandatory mark) and the control of its kind. */
function QuestionField({ id, question, n, answer, onChange, error, disabled }: QuestionFieldProps) {
  const { t } = usePollsTexts();
  const labelId = `${id}-label`;
  const label = (
    <>
      <Badge component="span" variant="light" radius="sm" size="sm" mr={8} aria-hidden>
        {n}
      </Badge>
      {question.text}
    </>
  );
  const common = {
    label,
    withAsterisk: question.mandatory,
    error,
    disabled,
    labelProps: { id: labelId, className: 'hw-poll-question-label' },
  };
  let control: React.ReactNode;
  switch (question.kind) {
    case 'short_text':
      control = (
        <TextInput
          {...common}
          value={answer?.text ?? ''}
          maxLength={POLL_SHORT_TEXT_MAX}
          placeholder={disabled ? undefined : t('answer.shortPlaceholder')}
          required={question.mandatory}
          onChange={(event) => onChange({ text: event.currentTarget.value })}
        />
      );
      break;
    case 'long_text':
      control = (
        <Textarea
          {...common}
          value={answer?.text ?? ''}
          maxLength={POLL_LONG_TEXT_MAX}
          autosize
          minRows={3}
          maxRows={12}
          placeholder={disabled ? undefined : t('answer.longPlaceholder')}
          required={question.mandatory}
          onChange={(event) => onChange({ text: event.currentTarget.value })}
        />
      );
      break;
    case 'single':
      control = (
        <Radio.Group
          {...common}
          description={disabled ? undefined : t('answer.chooseOne')}
          value={answer?.options?.[0] ?? null}
          onChange={(value) => onChange({ options: [value] })}
        >
          <Stack gap={10} mt={8}>
            {question.answers.map((option) => (
              <Radio key={option.id} value={option.id} label={option.text} disabled={disabled} />
            ))}
          </Stack>
        </Radio.Group>
      );
      break;
    case 'multiple':
      control = (
        <Checkbox.Group
          {...common}
          description={disabled ? undefined : t('answer.chooseSeveral')}
          value={answer?.options ?? []}
          onChange={(options) => onChange(options.length ? { options } : undefined)}
        >
          <Stack gap={10} mt={8}>
            {question.answers.map((option) => (
              <Checkbox key={option.id} value={option.id} label={option.text} disabled={disabled} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
      break;
    case 'range':
      control = (
        <RangeField
          question={question}
          labelId={labelId}
          common={common}
          value={answer?.value}
          onChange={(value) => onChange(value === undefined ? undefined : { value })}
        />
      );
      break;
  }
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'sm', sm: 'md' }}
      id={id}
      tabIndex={-1}
      className="hw-poll-question"
      data-invalid={error ? true : undefined}
      role="group"
      aria-labelledby={labelId}
    >
      {control}
    </Paper>
  );
}

/** A scale: a row of buttons 1..5 or 1..10, a slider with marks for 1..100; both may be cleared again. */
function RangeField({
  question,
  labelId,
  common,
  value,
  onChange,
}: {
  question: PollQuestionDto;
  labelId: string;
  common: {
    label: React.ReactNode;
    withAsterisk: boolean;
    error?: string;
    disabled?: boolean;
    labelProps: { id: string; className: string };
  };
  value: number | undefined;
  onChange: (value: number | undefined) => void;
}) {
  const { t } = usePollsTexts();
  const { disabled, ...wrapper } = common;
  const max = question.range ?? 5;
  const clear = value !== undefined && !disabled && (
    <Button variant="subtle" color="gray" size="compact-xs" onClick={() => onChange(undefined)}>
      {t('answer.clear')}
    </Button>
  );
  if (max <= 10) {
    return (
      <Input.Wrapper {...wrapper} labelElement="div">
        <Stack gap={6} mt={8}>
          <SegmentedControl
            fullWidth
            aria-labelledby={labelId}
            value={value === undefined ? '' : String(value)}
            onChange={(next) => onChange(Number(next))}
            disabled={disabled}
            data={Array.from({ length: max }, (_, i) => String(i + 1))}
            className="hw-poll-scale"
          />
          <Group justify="space-between" gap="xs">
            <Text size="xs" c="dimmed">
              {t('answer.from')}
            </Text>
            {clear}
            <Text size="xs" c="dimmed">
              {t('answer.to', { max })}
            </Text>
          </Group>
        </Stack>
      </Input.Wrapper>
    );
  }
  return (
    <Input.Wrapper {...wrapper} labelElement="div">
      <Stack gap={6} mt={8} px={4}>
        <Slider
          min={1}
          max={max}
          value={value ?? Math.ceil(max / 2)}
          onChange={onChange}
          disabled={disabled}
          color={value === undefined ? 'gray' : undefined}
          thumbProps={{ 'aria-labelledby': labelId } as object}
          marks={[1, 25, 50, 75, 100].map((mark) => ({ value: mark, label: String(mark) }))}
          mb="lg"
          className="hw-poll-slider"
          data-unset={value === undefined ? true : undefined}
        />
        <Group justify="space-between" gap="xs">
          <Text size="sm" c={value === undefined ? 'dimmed' : undefined} fw={value === undefined ? undefined : 600}>
            {value === undefined ? t('answer.sliderUnset') : t('answer.sliderValue', { value })}
          </Text>
          {clear}
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
