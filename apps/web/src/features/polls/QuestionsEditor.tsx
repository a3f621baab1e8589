import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { POLL_ANSWER_MAX, POLL_ANSWERS_MAX, POLL_QUESTION_MAX, POLL_QUESTIONS_MAX } from '@hallway/shared/polls';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Input,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconCopy, IconGripVertical, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { type CSSProperties, type ReactNode, useRef } from 'react';
import {
  answerPlace,
  type DraftAnswer,
  type DraftQuestion,
  duplicateQuestion,
  isList,
  KIND_CHOICES,
  type KindChoice,
  kindChoiceOf,
  newAnswer,
  newQuestion,
  questionPlace,
  withKind,
} from './draft';
import { usePollsTexts } from './texts';

type ErrorOf = (place: string) => string | undefined;

/** dnd-kit's spoken messages in the person's language; `name` names an item by its id. */
function useAccessibility(ids: UniqueIdentifier[], name: (id: UniqueIdentifier) => string) {
  const { t } = usePollsTexts();
  const position = (id: UniqueIdentifier | undefined) => (id === undefined ? 0 : ids.indexOf(id) + 1);
  return {
    screenReaderInstructions: { draggable: t('dnd.instructions') },
    announcements: {
      onDragStart: ({ active }: { active: { id: UniqueIdentifier } }) => t('dnd.picked', { item: name(active.id) }),
      onDragOver: ({ active, over }: { active: { id: UniqueIdentifier }; over: { id: UniqueIdentifier } | null }) =>
        over ? t('dnd.over', { item: name(active.id), position: position(over.id), total: ids.length }) : undefined,
      onDragEnd: ({ active, over }: { active: { id: UniqueIdentifier }; over: { id: UniqueIdentifier } | null }) =>
        over
          ? t('dnd.dropped', { item: name(active.id), position: position(over.id), total: ids.length })
          : t('dnd.cancelled', { item: name(active.id) }),
      onDragCancel: ({ active }: { active: { id: UniqueIdentifier } }) => t('dnd.cancelled', { item: name(active.id) }),
    },
  };
}

function useSortSensors() {
  return useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
}

/** A list reordered by a drop: the dragged item moved to where it was dropped. */
function moved<T extends { key: string }>(items: T[], event: DragEndEvent): T[] | null {
  const { active, over } = event;
  if (!over || active.id === over.id) return null;
  const from = items.findIndex((item) => item.key === active.id);
  const to = items.findIndex((item) => item.key === over.id);
  return from < 0 || to < 0 ? null : arrayMove(items, from, to);
}

/** A sortable item: the node dnd-kit moves, and the props of its drag handle. */
function Sortable({
  id,
  children,
}: {
  id: string;
  children: (handle: { ref: (node: HTMLElement | null) => void; props: object }, dragging: boolean) => ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  const style: CSSProperties = { transform: CSS.Translate.toString(transform), transition };
  return (
    <div ref={setNodeRef} style={style} className="hw-poll-sortable" data-dragging={isDragging || undefined}>
      {children({ ref: setActivatorNodeRef, props: { ...attributes, ...listeners } }, isDragging)}
    </div>
  );
}

/** A drag handle: a button that dnd-kit's pointer and keyboard sensors start from. */
function Handle({
  handle,
  label,
}: {
  handle: { ref: (node: HTMLElement | null) => void; props: object };
  label: string;
}) {
  return (
    <ActionIcon
      ref={handle.ref}
      {...handle.props}
      variant="subtle"
      color="gray"
      size="lg"
      aria-label={label}
      className="hw-poll-handle"
    >
      <IconGripVertical size={18} />
    </ActionIcon>
  );
}

/**
 * The poll's questions (modules §3 "Question"): each with its text, kind, mandatory switch and, for choice questions,
 * its answers; questions and answers reorder by dragging their handles (mouse, touch or keyboard), questions are
 * duplicated and deleted. Problems show on their inputs (`errorOf` by place, draft.ts).
 */
export function QuestionsEditor({
  questions,
  onChange,
  errorOf,
}: {
  questions: DraftQuestion[];
  onChange: (questions: DraftQuestion[]) => void;
  errorOf: ErrorOf;
}) {
  const { t } = usePollsTexts();
  const sensors = useSortSensors();
  const ids = questions.map((question) => question.key);
  const accessibility = useAccessibility(ids, (id) => t('editor.question', { n: ids.indexOf(String(id)) + 1 }));
  const list = useRef<HTMLDivElement>(null);

  const update = (key: string, change: (question: DraftQuestion) => DraftQuestion) =>
    onChange(questions.map((question) => (question.key === key ? change(question) : question)));
  /** After adding a question, its text field takes the focus. */
  const focusQuestion = (key: string) =>
    requestAnimationFrame(() => list.current?.querySelector<HTMLElement>(`[data-question="${key}"] textarea`)?.focus());

  return (
    <Stack gap="sm">
      <Text size="xs" c="dimmed">
        {t('editor.dragHint')}
      </Text>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        accessibility={accessibility}
        onDragEnd={(event) => {
          const next = moved(questions, event);
          if (next) onChange(next);
        }}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <Stack
            gap="sm"
            ref={list}
            component="ol"
            className="hw-poll-question-list"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
          >
            {questions.map((question, index) => (
              <li key={question.key}>
                <Sortable id={question.key}>
                  {(handle) => (
                    <QuestionCard
                      question={question}
                      n={index + 1}
                      handle={handle}
                      errorOf={errorOf}
                      onChange={(change) => update(question.key, change)}
                      onDuplicate={() => {
                        const copy = duplicateQuestion(question);
                        onChange([...questions.slice(0, index + 1), copy, ...questions.slice(index + 1)]);
                        focusQuestion(copy.key);
                      }}
                      onRemove={
                        questions.length > 1
                          ? () => onChange(questions.filter((q) => q.key !== question.key))
                          : undefined
                      }
                    />
                  )}
                </Sortable>
              </li>
            ))}
          </Stack>
        </SortableContext>
      </DndContext>
      <Button
        variant="light"
        leftSection={<IconPlus size={16} />}
        w="fit-content"
        disabled={questions.length >= POLL_QUESTIONS_MAX}
        onClick={() => {
          const question = newQuestion('single');
          onChange([...questions, question]);
          focusQuestion(question.key);
        }}
      >
        {t('editor.addQuestion')}
      </Button>
    </Stack>
  );
}

function QuestionCard({
  question,
  n,
  handle,
  errorOf,
  onChange,
  onDuplicate,
  onRemove,
}: {
  question: DraftQuestion;
  n: number;
  handle: { ref: (node: HTMLElement | null) => void; props: object };
  errorOf: ErrorOf;
  onChange: (change: (question: DraftQuestion) => DraftQuestion) => void;
  onDuplicate: () => void;
  onRemove?: () => void;
}) {
  const { t } = usePollsTexts();
  const titleId = `poll-question-${question.key}`;
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'sm', sm: 'md' }}
      role="group"
      aria-labelledby={titleId}
      data-question={question.key}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Group gap={4} wrap="nowrap">
            <Handle handle={handle} label={t('editor.moveQuestion', { n })} />
            <Text fw={600} id={titleId}>
              {t('editor.question', { n })}
            </Text>
          </Group>
          <Group gap={2} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={t('editor.duplicate', { n })}
              onClick={onDuplicate}
            >
              <IconCopy size={18} />
            </ActionIcon>
            {onRemove && (
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={t('editor.removeQuestion', { n })}
                onClick={onRemove}
              >
                <IconTrash size={18} />
              </ActionIcon>
            )}
          </Group>
        </Group>
        <Textarea
          label={t('editor.questionText')}
          value={question.text}
          onChange={(event) => {
            const text = event.currentTarget.value;
            onChange((current) => ({ ...current, text }));
          }}
          error={errorOf(questionPlace(question.key, 'text'))}
          withAsterisk
          autosize
          minRows={1}
          maxRows={6}
          maxLength={POLL_QUESTION_MAX}
        />
        <Group gap="md" align="flex-end" wrap="wrap">
          <Select
            label={t('editor.kind')}
            data={KIND_CHOICES.map((choice) => ({ value: choice, label: t(`kinds.${choice}`) }))}
            value={kindChoiceOf(question)}
            allowDeselect={false}
            onChange={(choice) => choice && onChange((current) => withKind(current, choice as KindChoice))}
            error={errorOf(questionPlace(question.key, 'kind'))}
            style={{ flex: '1 1 200px' }}
            comboboxProps={{ withinPortal: true }}
          />
          <Switch
            label={t('editor.mandatory')}
            checked={question.mandatory}
            onChange={(event) => {
              const mandatory = event.currentTarget.checked;
              onChange((current) => ({ ...current, mandatory }));
            }}
            mb={8}
          />
        </Group>
        {isList(question.kind) && (
          <AnswersEditor
            question={question}
            errorOf={errorOf}
            onChange={(answers) => onChange((current) => ({ ...current, answers }))}
          />
        )}
      </Stack>
    </Paper>
  );
}

/** A choice question's answers: typed, reordered by their handles, at most POLL_ANSWERS_MAX (the add button says so). */
function AnswersEditor({
  question,
  errorOf,
  onChange,
}: {
  question: DraftQuestion;
  errorOf: ErrorOf;
  onChange: (answers: DraftAnswer[]) => void;
}) {
  const { t } = usePollsTexts();
  const sensors = useSortSensors();
  const answers = question.answers;
  const ids = answers.map((answer) => answer.key);
  const accessibility = useAccessibility(ids, (id) => t('editor.answer', { n: ids.indexOf(String(id)) + 1 }));
  const full = answers.length >= POLL_ANSWERS_MAX;
  const box = useRef<HTMLDivElement>(null);
  const labelId = `poll-answers-${question.key}`;

  const add = (after = answers.length - 1) => {
    if (full) return;
    const answer = newAnswer();
    onChange([...answers.slice(0, after + 1), answer, ...answers.slice(after + 1)]);
    requestAnimationFrame(() => box.current?.querySelector<HTMLInputElement>(`[data-answer="${answer.key}"]`)?.focus());
  };

  return (
    <Input.Wrapper
      label={t('editor.answers')}
      labelElement="div"
      labelProps={{ id: labelId }}
      withAsterisk
      error={errorOf(questionPlace(question.key, 'answers'))}
      inputWrapperOrder={['label', 'input', 'error']}
    >
      <Stack gap={6} mt={4} ref={box} role="group" aria-labelledby={labelId}>
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          accessibility={accessibility}
          onDragEnd={(event) => {
            const next = moved(answers, event);
            if (next) onChange(next);
          }}
        >
          <SortableContext items={ids} strategy={verticalListSortingStrategy}>
            {answers.map((answer, index) => (
              <Sortable key={answer.key} id={answer.key}>
                {(handle) => (
                  <Group gap={4} wrap="nowrap" align="flex-start">
                    <Handle handle={handle} label={t('editor.moveAnswer', { n: index + 1 })} />
                    <TextInput
                      aria-label={t('editor.answer', { n: index + 1 })}
                      placeholder={t('editor.answer', { n: index + 1 })}
                      value={answer.text}
                      maxLength={POLL_ANSWER_MAX}
                      data-answer={answer.key}
                      onChange={(event) => {
                        const text = event.currentTarget.value;
                        onChange(answers.map((a) => (a.key === answer.key ? { ...a, text } : a)));
                      }}
                      onKeyDown={(event) => {
                        // Enter adds the next answer instead of sending the poll.
                        if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
                          event.preventDefault();
                          add(index);
                        }
                      }}
                      error={errorOf(answerPlace(question.key, answer.key))}
                      style={{ flex: 1, minWidth: 0 }}
                    />
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="lg"
                      aria-label={t('editor.removeAnswer', { n: index + 1 })}
                      onClick={() => onChange(answers.filter((a) => a.key !== answer.key))}
                    >
                      <IconX size={16} />
                    </ActionIcon>
                  </Group>
                )}
              </Sortable>
            ))}
          </SortableContext>
        </DndContext>
        <Group gap="sm" wrap="wrap">
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconPlus size={14} />}
            disabled={full}
            onClick={() => add()}
          >
            {t('editor.addAnswer')}
          </Button>
          <Badge
            variant={full ? 'light' : 'transparent'}
            color={full ? 'orange' : 'gray'}
            radius="sm"
            aria-live="polite"
          >
            {t('editor.answerCount', { count: answers.length, max: POLL_ANSWERS_MAX })}
          </Badge>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
