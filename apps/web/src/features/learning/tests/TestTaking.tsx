import type { AttemptDto, AttemptOutcome, AttemptQuestion, TestDto } from '@hallway/shared/learning';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Progress,
  Radio,
  RingProgress,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconArrowLeft,
  IconArrowRight,
  IconCheck,
  IconCircleCheck,
  IconCircleX,
  IconClock,
  IconEye,
  IconFlag,
  IconPlayerPlay,
  IconRefresh,
  IconX,
} from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../../api/client';
import { useSession } from '../../../app/session/context';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { showError } from '../../../ui/toast';
import { useLearningTexts } from '../texts';
import { formatLeft, useCountdown } from './countdown';
import { testMutations } from './queries';

type Phase =
  | { kind: 'intro' }
  | { kind: 'attempt'; attempt: AttemptDto; offset: number }
  | { kind: 'result'; attempt: AttemptDto; outcome: AttemptOutcome };

/**
 * Taking a test (modules §2 "test taking", §4 the test flow): the intro with the person's attempts, then one question
 * at a time (each choice saved at once, a countdown by the server's clock that finishes the attempt at 0), then the
 * result with what the test lets the person see. `preview`: a manager looking at the learner's side.
 */
export function TestTaking({ test, preview = false }: { test: TestDto; preview?: boolean }) {
  const { user } = useSession();
  const [phase, setPhase] = useState<Phase>({ kind: 'intro' });
  const start = useMutation({ ...testMutations.start(test.course_id, test._id, user?._id ?? ''), onError: showError });
  const begin = () =>
    start.mutate(undefined, {
      onSuccess: (attempt) => setPhase({ kind: 'attempt', attempt, offset: Date.parse(attempt.now) - Date.now() }),
    });

  if (phase.kind === 'attempt') {
    return (
      <AttemptView
        key={phase.attempt._id}
        test={test}
        attempt={phase.attempt}
        offset={phase.offset}
        onFinished={(outcome) => setPhase({ kind: 'result', attempt: phase.attempt, outcome })}
      />
    );
  }
  if (phase.kind === 'result') {
    return (
      <ResultView
        test={test}
        attempt={phase.attempt}
        outcome={phase.outcome}
        onRetry={begin}
        starting={start.isPending}
      />
    );
  }
  return <IntroCard test={test} preview={preview} onStart={begin} starting={start.isPending} />;
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="lg" fw={600}>
        {value}
      </Text>
    </Stack>
  );
}

function IntroCard({
  test,
  preview,
  onStart,
  starting,
}: {
  test: TestDto;
  preview: boolean;
  onStart: () => void;
  starting: boolean;
}) {
  const { t } = useLearningTexts();
  const { mine } = test;
  const startLabel = mine.running ? t('tests.continue') : mine.attempts > 0 ? t('tests.tryAgain') : t('tests.start');
  return (
    <Stack gap="md">
      {preview && (
        <Alert variant="light" color="blue" icon={<IconEye size={18} />} py="xs">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{t('tests.previewNote')}</Text>
            <Button component={Link} to={{ search: '' }} size="xs" variant="light">
              {t('tests.backToEditor')}
            </Button>
          </Group>
        </Alert>
      )}
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="test-title">
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" gap="xs">
            <Title order={1} size="h2" id="test-title" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
              {test.title}
            </Title>
            {mine.passed && (
              <Badge color="teal" variant="light" size="lg" leftSection={<IconCircleCheck size={14} />}>
                {t('tests.passed')}
              </Badge>
            )}
          </Group>
          {test.description && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {test.description}
            </Text>
          )}
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md" verticalSpacing="sm">
            <Fact label={t('tests.factQuestions')} value={test.question_count} />
            <Fact
              label={t('tests.factTime')}
              value={test.time_limit > 0 ? t('tests.minutes', { count: test.time_limit }) : t('tests.noLimit')}
            />
            <Fact
              label={t('tests.factPassScore')}
              value={test.pass_score > 0 ? `${test.pass_score}%` : t('tests.anyScore')}
            />
            <Fact label={t('tests.factAttempts')} value={mine.attempts} />
            <Fact label={t('tests.factBest')} value={mine.best_score === null ? '—' : `${mine.best_score}%`} />
          </SimpleGrid>
          {test.time_limit > 0 && test.can.take && (
            <Text size="sm" c="dimmed">
              <IconClock size={14} aria-hidden style={{ verticalAlign: 'middle', marginRight: 4 }} />
              {t('tests.timeNote', { count: test.time_limit })}
            </Text>
          )}
          {!test.can.take && (
            <Text size="sm" c="dimmed" role="note">
              {test.question_count === 0 ? t('tests.cannotTakeEmpty') : t('tests.cannotTake')}
            </Text>
          )}
          <Group gap="sm">
            <Button
              size="md"
              leftSection={
                mine.attempts > 0 && !mine.running ? <IconRefresh size={18} /> : <IconPlayerPlay size={18} />
              }
              disabled={!test.can.take}
              loading={starting}
              onClick={onStart}
            >
              {startLabel}
            </Button>
          </Group>
        </Stack>
      </Paper>
      {preview && test.questions && test.questions.length > 0 && (
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="test-preview">
          <Stack gap="lg">
            <Title order={2} size="h4" id="test-preview">
              {t('tests.previewQuestions')}
            </Title>
            {test.questions.map((question, index) => (
              <Choices
                key={question._id}
                question={{
                  _id: question._id,
                  text: question.text,
                  multiple: question.answers.filter((answer) => answer.correct).length > 1,
                  answers: question.answers.map(({ _id, text }) => ({ _id, text })),
                }}
                value={[]}
                onChange={() => {}}
                disabled
                label={`${index + 1}. ${question.text}`}
              />
            ))}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

/** One question's choices: radios for one right answer, boxes for several. */
function Choices({
  question,
  value,
  onChange,
  disabled,
  label,
}: {
  question: AttemptQuestion;
  value: string[];
  onChange: (ids: string[]) => void;
  disabled?: boolean;
  label: ReactNode;
}) {
  const { t } = useLearningTexts();
  const labelProps = { style: { fontSize: 'var(--mantine-font-size-lg)', fontWeight: 600, whiteSpace: 'pre-wrap' } };
  return question.multiple ? (
    <Checkbox.Group
      label={label}
      description={t('tests.chooseSeveral')}
      value={value}
      onChange={onChange}
      labelProps={labelProps}
    >
      <Stack gap="sm" mt="sm">
        {question.answers.map((answer) => (
          <Checkbox key={answer._id} value={answer._id} label={answer.text} disabled={disabled} />
        ))}
      </Stack>
    </Checkbox.Group>
  ) : (
    <Radio.Group
      label={label}
      description={t('tests.chooseOne')}
      value={value[0] ?? null}
      onChange={(id) => onChange([id])}
      labelProps={labelProps}
    >
      <Stack gap="sm" mt="sm">
        {question.answers.map((answer) => (
          <Radio key={answer._id} value={answer._id} label={answer.text} disabled={disabled} />
        ))}
      </Stack>
    </Radio.Group>
  );
}

type Saving = 'idle' | 'saving' | 'saved' | 'failed';

function AttemptView({
  test,
  attempt,
  offset,
  onFinished,
}: {
  test: TestDto;
  attempt: AttemptDto;
  offset: number;
  onFinished: (outcome: AttemptOutcome) => void;
}) {
  const { t } = useLearningTexts();
  const client = useQueryClient();
  const { user } = useSession();
  const { questions } = attempt;
  const [answers, setAnswers] = useState<Record<string, string[]>>(attempt.answers);
  const [index, setIndex] = useState(() =>
    Math.max(
      0,
      questions.findIndex((question) => !attempt.answers[question._id]?.length),
    ),
  );
  const [saving, setSaving] = useState<Saving>('idle');
  const [timeOver, setTimeOver] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const finishing = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const answer = useMutation(testMutations.answer(test._id));
  const closing = useMutation(testMutations.finish(client, test.course_id, test._id, user?._id ?? ''));
  const remaining = useCountdown(attempt.deadline, offset);

  const answered = questions.filter((question) => answers[question._id]?.length).length;
  const unanswered = questions.length - answered;
  const question = questions[index];

  /** Finishes once: after the answers on their way have landed. */
  const finish = async () => {
    if (finishing.current) return;
    finishing.current = true;
    await queue.current.catch(() => undefined);
    try {
      onFinished(await closing.mutateAsync(attempt._id));
    } catch (error) {
      finishing.current = false;
      showError(error);
    }
  };

  // At 0 the attempt ends by itself: the server would refuse any later answer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: finishing is guarded by its ref
  useEffect(() => {
    if (remaining === 0) {
      setTimeOver(true);
      void finish();
    }
  }, [remaining]);

  const choose = (questionId: string, ids: string[]) => {
    if (timeOver) return;
    setAnswers((current) => ({ ...current, [questionId]: ids }));
    setSaving('saving');
    // One answer after the other, so the last choice is the one kept.
    const sent = queue.current.then(() =>
      answer.mutateAsync({ attempt_id: attempt._id, question_id: questionId, answers: ids }),
    );
    queue.current = sent.catch(() => undefined);
    sent.then(
      () => setSaving('saved'),
      (error) => {
        if (isApiError(error) && error.code === 'test_time_over') {
          setTimeOver(true);
          void finish();
        } else {
          setSaving('failed');
          showError(error);
        }
      },
    );
  };

  const go = (next: number) => {
    setIndex(next);
    setSaving('idle');
    heading.current?.focus();
  };

  const low = remaining !== null && remaining < 60_000;
  return (
    <Stack gap="md">
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="xs">
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Title order={1} size="h4" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
              {test.title}
            </Title>
            {remaining !== null && (
              <Badge
                size="lg"
                variant={low ? 'filled' : 'light'}
                color={low ? 'red' : 'blue'}
                leftSection={<IconClock size={14} />}
                role="timer"
                aria-label={t('tests.timeLeft', { time: formatLeft(remaining) })}
                style={{ flex: 'none', fontVariantNumeric: 'tabular-nums' }}
              >
                {formatLeft(remaining)}
              </Badge>
            )}
          </Group>
          <Progress
            value={questions.length ? (answered / questions.length) * 100 : 0}
            aria-label={t('tests.answeredOf', { count: answered, total: questions.length })}
            size="sm"
          />
          <Text size="xs" c="dimmed">
            {t('tests.answeredOf', { count: answered, total: questions.length })}
          </Text>
        </Stack>
      </Paper>

      {timeOver && (
        <Alert
          variant="light"
          color="orange"
          icon={<IconClock size={18} />}
          title={t('tests.timeOverTitle')}
          role="alert"
        >
          {t('tests.timeOverText')}
        </Alert>
      )}

      {question && (
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="question-no">
          <Stack gap="sm">
            <Text id="question-no" size="sm" c="dimmed" fw={600} ref={heading} tabIndex={-1}>
              {t('tests.questionOf', { n: index + 1, total: questions.length })}
            </Text>
            <Choices
              key={question._id}
              question={question}
              value={answers[question._id] ?? []}
              onChange={(ids) => choose(question._id, ids)}
              disabled={timeOver}
              label={question.text}
            />
            <Text size="xs" c={saving === 'failed' ? 'red' : 'dimmed'} aria-live="polite" mih={18}>
              {saving === 'saving'
                ? t('tests.saving')
                : saving === 'saved'
                  ? t('tests.answerSaved')
                  : saving === 'failed'
                    ? t('tests.answerNotSaved')
                    : ''}
            </Text>
          </Stack>
        </Paper>
      )}

      <Group justify="space-between" gap="sm">
        <Button
          variant="default"
          leftSection={<IconArrowLeft size={16} />}
          disabled={index === 0}
          onClick={() => go(index - 1)}
        >
          {t('tests.previous')}
        </Button>
        <Group gap="sm">
          {index < questions.length - 1 && (
            <Button variant="light" rightSection={<IconArrowRight size={16} />} onClick={() => go(index + 1)}>
              {t('tests.next')}
            </Button>
          )}
          <Button
            leftSection={<IconFlag size={16} />}
            loading={closing.isPending}
            onClick={() => (unanswered > 0 ? setConfirming(true) : void finish())}
          >
            {t('tests.finish')}
          </Button>
        </Group>
      </Group>

      <Paper withBorder radius="lg" p="sm" component="nav" aria-label={t('tests.navigator')}>
        <Group gap={6}>
          {questions.map((item, i) => {
            const done = !!answers[item._id]?.length;
            return (
              <Button
                key={item._id}
                size="compact-sm"
                miw={36}
                variant={i === index ? 'filled' : done ? 'light' : 'default'}
                color={i === index ? undefined : done ? 'teal' : undefined}
                aria-current={i === index ? 'step' : undefined}
                aria-label={done ? t('tests.navAnswered', { n: i + 1 }) : t('tests.navOpen', { n: i + 1 })}
                onClick={() => go(i)}
              >
                {i + 1}
              </Button>
            );
          })}
        </Group>
      </Paper>

      <ConfirmDialog
        opened={confirming}
        title={t('tests.finishTitle')}
        message={t('tests.finishUnanswered', { count: unanswered })}
        confirmLabel={t('tests.finish')}
        cancelLabel={t('tests.keepAnswering')}
        onConfirm={finish}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}

function ResultView({
  test,
  attempt,
  outcome,
  onRetry,
  starting,
}: {
  test: TestDto;
  attempt: AttemptDto;
  outcome: AttemptOutcome;
  onRetry: () => void;
  starting: boolean;
}) {
  const { t } = useLearningTexts();
  const color = outcome.passed ? 'teal' : 'red';
  return (
    <Stack gap="md">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="result-title">
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {test.title}
          </Text>
          <Group gap="lg" align="center" wrap="wrap">
            {outcome.score !== null && (
              <RingProgress
                size={120}
                thickness={12}
                roundCaps
                sections={[{ value: outcome.score, color }]}
                label={
                  <Text ta="center" fw={700} size="xl">
                    {outcome.score}%
                  </Text>
                }
                aria-label={t('tests.scoreLabel', { score: outcome.score })}
              />
            )}
            <Stack gap={4} miw={0}>
              <Group gap="xs">
                <ThemeIcon color={color} variant="light" radius="xl" size="lg" aria-hidden>
                  {outcome.passed ? <IconCircleCheck size={22} /> : <IconCircleX size={22} />}
                </ThemeIcon>
                <Title order={1} size="h2" id="result-title">
                  {outcome.passed ? t('tests.resultPassed') : t('tests.resultFailed')}
                </Title>
              </Group>
              <Text size="sm">{t('tests.resultAnswered', { count: outcome.answered, total: outcome.total })}</Text>
              {outcome.correct !== null && (
                <Text size="sm">{t('tests.resultCorrect', { count: outcome.correct, total: outcome.total })}</Text>
              )}
              {test.pass_score > 0 && (
                <Text size="sm" c="dimmed">
                  {t('tests.resultPassScore', { score: test.pass_score })}
                </Text>
              )}
              <Text size="sm" c="dimmed">
                {outcome.best_score === null
                  ? t('tests.resultAttempts', { count: outcome.attempts })
                  : t('tests.resultBest', { count: outcome.attempts, score: outcome.best_score })}
              </Text>
              {outcome.timed_out && (
                <Text size="sm" c="orange">
                  {t('tests.resultTimedOut')}
                </Text>
              )}
            </Stack>
          </Group>
          <Group gap="sm">
            {test.can.take && (
              <Button variant="light" leftSection={<IconRefresh size={16} />} onClick={onRetry} loading={starting}>
                {t('tests.tryAgain')}
              </Button>
            )}
            <Button component={Link} to={`/courses/${test.course_id}`} leftSection={<IconArrowLeft size={16} />}>
              {t('tests.backToCourse')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      {outcome.right ? (
        <Review questions={attempt.questions} given={outcome.answers} right={outcome.right} />
      ) : (
        <Text size="sm" c="dimmed">
          {t('tests.rightHidden')}
        </Text>
      )}
    </Stack>
  );
}

/** Each question with the person's answers and the right ones. */
function Review({
  questions,
  given,
  right,
}: {
  questions: AttemptQuestion[];
  given: Record<string, string[]>;
  right: Record<string, string[]>;
}) {
  const { t } = useLearningTexts();
  return (
    <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('tests.review')}>
      {questions.map((question, index) => {
        const chosen = new Set(given[question._id] ?? []);
        const rightIds = new Set(right[question._id] ?? []);
        const ok = chosen.size === rightIds.size && [...chosen].every((id) => rightIds.has(id));
        return (
          <Paper
            key={question._id}
            component="li"
            withBorder
            radius="md"
            p="sm"
            aria-label={t('tests.reviewQuestion', { n: index + 1 })}
            style={{ borderLeft: `4px solid var(--mantine-color-${ok ? 'teal' : 'red'}-6)` }}
          >
            <Stack gap={6}>
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
                  {index + 1}. {question.text}
                </Text>
                <Badge color={ok ? 'teal' : 'red'} variant="light" style={{ flex: 'none' }}>
                  {ok ? t('tests.correct') : t('tests.incorrect')}
                </Badge>
              </Group>
              <Stack gap={2}>
                {question.answers.map((answer) => {
                  const mine = chosen.has(answer._id);
                  const isRight = rightIds.has(answer._id);
                  if (!mine && !isRight) {
                    return (
                      <Text key={answer._id} size="sm" c="dimmed" pl={24}>
                        {answer.text}
                      </Text>
                    );
                  }
                  return (
                    <Group key={answer._id} gap={6} wrap="nowrap" align="flex-start">
                      {isRight ? (
                        <IconCheck size={18} color="var(--mantine-color-teal-6)" aria-hidden style={{ flex: 'none' }} />
                      ) : (
                        <IconX size={18} color="var(--mantine-color-red-6)" aria-hidden style={{ flex: 'none' }} />
                      )}
                      <Text size="sm" fw={mine ? 600 : undefined}>
                        {answer.text}
                        <VisuallyHidden component="span">
                          {` (${[mine ? t('tests.yourAnswer') : '', isRight ? t('tests.rightAnswer') : '']
                            .filter(Boolean)
                            .join(', ')})`}
                        </VisuallyHidden>
                      </Text>
                      {mine && (
                        <Badge size="xs" variant="outline" color="gray" aria-hidden style={{ flex: 'none' }}>
                          {t('tests.yourAnswer')}
                        </Badge>
                      )}
                    </Group>
                  );
                })}
              </Stack>
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
