import { GRANT_LEVELS } from '@hallway/shared';
import { POLL_DESCRIPTION_MAX, POLL_NAME_MAX, POLL_TYPES, type PollDto, type PollType } from '@hallway/shared/polls';
import {
  Alert,
  Badge,
  Button,
  Group,
  Input,
  List,
  Modal,
  Paper,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconEye, IconLock, IconSend } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { isApiError } from '../../api/client';
import { useTranslation } from '../../i18n';
import { useCatalogues } from '../../i18n/catalogues';
import { errorText, translateCode } from '../../i18n/errors';
import { CountedTextInput } from '../../ui/CountedTextInput';
import { DayTimeInput } from '../../ui/DayTimeInput';
import { GrantEditor } from '../../ui/GrantEditor';
import type { PollInput } from './api';
import {
  checkDraft,
  type DraftQuestion,
  inputOf,
  isList,
  type PollDraft,
  type Problem,
  type Problems,
  placeOfServerField,
  questionsOf,
} from './draft';
import { TYPE_ICON } from './format';
import { PollForm } from './PollForm';
import { QuestionsEditor } from './QuestionsEditor';
import { usePollsTexts } from './texts';

/** The recipients are read or left out: a poll has nothing to write. */
const RECIPIENT_LEVELS = GRANT_LEVELS.filter((level) => level !== 'write');

/** The fields of the poll itself whose problems show on their inputs; any other place shows above the buttons. */
const OWN_PLACES = ['name', 'description', 'type', 'allow_change', 'deadline', 'grants', 'questions'];

export interface PollEditorProps {
  initial: PollDraft;
  /** Editing a stored poll: what may still change (questions and type only while nobody answered). */
  editing?: Pick<PollDto, 'can'> & { deadline: string | null };
  submitLabel: string;
  /** Sends the poll: the whole of it for a new one, the fields that may change for an edit. */
  onSubmit: (input: PollInput | Partial<PollInput>) => Promise<unknown>;
  onCancel: () => void;
}

/**
 * The poll editor (modules §2 "/poll/new", §3 "Poll", §5): name, description, type with what it means, whether
 * answers may change, a deadline, the recipients and the questions, with a preview of the respondents' form. The
 * client's checks mirror the server's (draft.ts); the server's refusals (`fields` by place in the body) land on
 * their inputs too.
 */
export function PollEditor({ initial, editing, submitLabel, onSubmit, onCancel }: PollEditorProps) {
  const { t } = usePollsTexts();
  // The client's checks speak with the catalogues' texts, as the server's refusals do.
  useCatalogues();
  const [draft, setDraft] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const [server, setServer] = useState<Problems>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const [focusProblem, setFocusProblem] = useState(0);
  const root = useRef<HTMLFormElement>(null);
  const questionsLocked = !!editing && !editing.can.edit_questions;
  const deadlineChanged = draft.deadline !== initial.deadline;

  const local = useMemo(() => {
    const found = checkDraft(draft, { questions: !questionsLocked });
    // An unchanged deadline is the server's to judge (the poll finishes at it anyway).
    if (!deadlineChanged) delete found.deadline;
    return found;
  }, [draft, questionsLocked, deadlineChanged]);

  const textOf = (problem: Problem | undefined) =>
    problem
      ? problem.local
        ? t(problem.local)
        : translateCode(problem.code ?? 'validation', problem.params)
      : undefined;
  const errorOf = (place: string) => textOf(server[place] ?? (submitted ? local[place] : undefined));

  // After a refused submit, the first input with a problem takes the focus.
  useEffect(() => {
    if (!focusProblem) return;
    const first = root.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-problem]');
    first?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    first?.focus({ preventScroll: true });
  }, [focusProblem]);

  const change = (patch: Partial<PollDraft>, places: string[]) => {
    setDraft((current) => ({ ...current, ...patch }));
    if (places.some((place) => server[place])) {
      setServer((current) => {
        const next = { ...current };
        for (const place of places) delete next[place];
        return next;
      });
    }
    setFormError(null);
  };

  /** A change of the questions clears the server's word on every place it may have moved or removed. */
  const changeQuestions = (questions: DraftQuestion[]) => {
    setDraft((current) => ({ ...current, questions }));
    setServer((current) =>
      Object.fromEntries(Object.entries(current).filter(([place]) => !place.startsWith('q.') && place !== 'questions')),
    );
    setFormError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(local).length) {
      setFormError(t('editor.fixProblems'));
      setFocusProblem((n) => n + 1);
      return;
    }
    const sent = draft;
    const whole = inputOf(sent);
    const body: PollInput | Partial<PollInput> = editing
      ? {
          name: whole.name,
          description: whole.description,
          grants: whole.grants,
          allow_change: whole.allow_change,
          ...(deadlineChanged ? { deadline: whole.deadline } : {}),
          ...(questionsLocked ? {} : { type: whole.type, questions: whole.questions }),
        }
      : whole;
    setBusy(true);
    setFormError(null);
    try {
      await onSubmit(body);
    } catch (error) {
      const fields = isApiError(error) ? Object.entries(error.fields) : [];
      const placed: Problems = {};
      for (const [field, code] of fields) {
        placed[placeOfServerField(field, sent)] = { code, params: isApiError(error) ? error.params : undefined };
      }
      const shown = Object.keys(placed).filter((place) => OWN_PLACES.includes(place) || place.startsWith('q.'));
      setServer(placed);
      if (shown.length) {
        setFormError(shown.length === Object.keys(placed).length ? t('editor.fixProblems') : errorText(error));
        setFocusProblem((n) => n + 1);
      } else setFormError(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const anonymous = draft.type === 'anonymous';
  const closed = draft.type === 'closed';
  const TypeIcon = TYPE_ICON[draft.type];
  const questionsProblem = errorOf('questions');

  return (
    <>
      <form ref={root} noValidate onSubmit={submit}>
        <Stack gap="md">
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="poll-about">
            <Stack gap="sm">
              <Title order={2} size="h4" id="poll-about">
                {t('editor.about')}
              </Title>
              <CountedTextInput
                label={t('editor.name')}
                value={draft.name}
                onChange={(event) => change({ name: event.currentTarget.value }, ['name'])}
                max={POLL_NAME_MAX}
                error={errorOf('name')}
                withAsterisk
                data-autofocus
              />
              <Textarea
                label={t('editor.description')}
                placeholder={t('editor.descriptionPlaceholder')}
                value={draft.description}
                onChange={(event) => change({ description: event.currentTarget.value }, ['description'])}
                maxLength={POLL_DESCRIPTION_MAX}
                error={errorOf('description')}
                autosize
                minRows={2}
                maxRows={10}
              />
              <Input.Wrapper
                label={t('editor.type')}
                labelElement="div"
                labelProps={{ id: 'poll-type-label' }}
                error={errorOf('type')}
              >
                <Stack gap={6} mt={4}>
                  <SegmentedControl
                    aria-labelledby="poll-type-label"
                    value={draft.type}
                    disabled={questionsLocked}
                    onChange={(value) => {
                      const type = value as PollType;
                      change({ type, ...(type === 'anonymous' ? { allowChange: false } : {}) }, [
                        'type',
                        'allow_change',
                        'grants',
                      ]);
                    }}
                    data={POLL_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
                    fullWidth
                    maw={480}
                  />
                  <Group gap={6} wrap="nowrap" align="flex-start">
                    <TypeIcon size={16} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
                    <Text size="sm" c="dimmed" aria-live="polite">
                      {t(`types.${draft.type}Hint`)}
                    </Text>
                  </Group>
                </Stack>
              </Input.Wrapper>
              <Switch
                label={t('editor.allowChange')}
                description={anonymous ? t('editor.allowChangeAnonymous') : undefined}
                checked={!anonymous && draft.allowChange}
                disabled={anonymous}
                onChange={(event) => change({ allowChange: event.currentTarget.checked }, ['allow_change'])}
                error={errorOf('allow_change')}
              />
              <DayTimeInput
                label={t('editor.deadline')}
                description={t('editor.deadlineHint')}
                value={draft.deadline}
                onChange={(deadline) => change({ deadline }, ['deadline'])}
                minDate={dayjs().format('YYYY-MM-DD')}
                error={errorOf('deadline')}
                maw={420}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
              />
            </Stack>
          </Paper>

          <Paper
            withBorder
            radius="lg"
            p={{ base: 'md', sm: 'lg' }}
            component="section"
            aria-labelledby="poll-recipients"
          >
            <Stack gap="sm">
              <Group gap="xs">
                <Title order={2} size="h4" id="poll-recipients">
                  {t('editor.recipients')}
                </Title>
                {closed && (
                  <Text component="span" c="red" aria-hidden>
                    *
                  </Text>
                )}
              </Group>
              <Text size="sm" c="dimmed">
                {closed ? t('editor.recipientsRequired') : t('editor.recipientsOpen')}
              </Text>
              <GrantEditor
                // The line above says what no recipients mean for a poll (everyone), not the grants' default.
                emptyText={null}
                value={draft.grants}
                onChange={(grants) => change({ grants }, ['grants'])}
                showErrors={submitted}
                levels={RECIPIENT_LEVELS}
              />
              {errorOf('grants') && (
                <Text size="sm" c="red" role="alert" data-problem tabIndex={-1}>
                  {errorOf('grants')}
                </Text>
              )}
            </Stack>
          </Paper>

          <Paper
            withBorder
            radius="lg"
            p={{ base: 'md', sm: 'lg' }}
            component="section"
            aria-labelledby="poll-questions"
          >
            <Stack gap="sm">
              <Group justify="space-between" gap="xs">
                <Title order={2} size="h4" id="poll-questions">
                  {t('editor.questions')}
                </Title>
                <Button
                  variant="default"
                  size="xs"
                  leftSection={<IconEye size={14} />}
                  onClick={() => setPreviewing(true)}
                >
                  {t('editor.preview')}
                </Button>
              </Group>
              {questionsLocked ? (
                <>
                  <Alert variant="light" color="orange" icon={<IconLock size={18} />} py="xs">
                    {t('editor.questionsLocked')}
                  </Alert>
                  <LockedQuestions questions={draft.questions} />
                </>
              ) : (
                <>
                  <Text size="xs" c="dimmed">
                    {t('editor.mandatoryLegend')}
                  </Text>
                  {questionsProblem && (
                    <Text size="sm" c="red" role="alert" data-problem tabIndex={-1}>
                      {questionsProblem}
                    </Text>
                  )}
                  <QuestionsEditor questions={draft.questions} onChange={changeQuestions} errorOf={errorOf} />
                </>
              )}
            </Stack>
          </Paper>

          {formError && (
            <Alert color="red" variant="light" role="alert" py="xs">
              {formError}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel}>
              {t('editor.cancel')}
            </Button>
            <Button variant="light" leftSection={<IconEye size={16} />} onClick={() => setPreviewing(true)}>
              {t('editor.preview')}
            </Button>
            <Button type="submit" loading={busy} leftSection={<IconSend size={16} />}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
      {/* Outside the form: the preview's own form must not submit the poll through React's event bubbling. */}
      <PreviewModal draft={draft} opened={previewing} onClose={() => setPreviewing(false)} />
    </>
  );
}

/** The questions of a poll somebody answered: shown, not changed. */
function LockedQuestions({ questions }: { questions: DraftQuestion[] }) {
  const { t } = usePollsTexts();
  return (
    <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {questions.map((question, index) => (
        <Paper key={question.key} component="li" withBorder radius="md" p="sm">
          <Stack gap={4}>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <Badge variant="light" radius="sm" size="sm" style={{ flex: 'none' }}>
                {index + 1}
              </Badge>
              <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                {question.text}
                {question.mandatory && (
                  <Text component="span" c="red" ml={4}>
                    *
                  </Text>
                )}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              {t(`kinds.${question.kind === 'range' ? `range${question.range}` : question.kind}` as 'kinds.single')}
              {question.mandatory ? ` · ${t('editor.mandatory')}` : ''}
            </Text>
            {isList(question.kind) && (
              <List size="sm" withPadding>
                {question.answers.map((answer) => (
                  <List.Item key={answer.key}>{answer.text}</List.Item>
                ))}
              </List>
            )}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** The poll as its respondents will see it: their form, with sending off. */
function PreviewModal({ draft, opened, onClose }: { draft: PollDraft; opened: boolean; onClose: () => void }) {
  const { t } = usePollsTexts();
  const { t: common } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  const name = draft.name.trim() || t('editor.untitled');
  const questions = questionsOf(draft).map((question) => ({
    id: question.id ?? '',
    text: question.text || '…',
    kind: question.kind,
    mandatory: question.mandatory,
    answers: question.answers.map((answer) => ({ id: answer.id ?? '', text: answer.text || '…' })),
    range: question.range,
  }));
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('editor.previewTitle', { name })}
      size="xl"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': common('common.close') }}
    >
      {opened && (
        <Stack gap="md">
          <Alert variant="light" color="blue" icon={<IconEye size={18} />} py="xs">
            {t('editor.previewNote')}
          </Alert>
          {draft.description.trim() && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {draft.description.trim()}
            </Text>
          )}
          {draft.type === 'anonymous' && (
            <Alert variant="light" color="grape" py="xs">
              {t('poll.anonymousNote')}
            </Alert>
          )}
          <PollForm questions={questions} preview idPrefix="preview" />
        </Stack>
      )}
    </Modal>
  );
}
