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
import type { CourseContentItem, CourseDto } from '@hallway/shared/learning';
import { ActionIcon, Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconBook,
  IconChecklist,
  IconCircleCheckFilled,
  IconCircleDashed,
  IconGripVertical,
  IconPlus,
  IconTrash,
} from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CSSProperties, type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { MetaItem } from '../../ui/MetaItem';
import { EmptyState } from '../../ui/States';
import { showError, showSuccess } from '../../ui/toast';
import { itemPath } from './format';
import { learningMutations } from './queries';
import { useLearningTexts } from './texts';

const keyOf = (item: Pick<CourseContentItem, 'type' | '_id'>) => `${item.type}:${item._id}`;

/** dnd-kit's spoken messages in the person's language. */
function useAccessibility(items: CourseContentItem[]) {
  const { t } = useLearningTexts();
  const keys = items.map(keyOf);
  const name = (id: UniqueIdentifier) => items.find((item) => keyOf(item) === id)?.title ?? '';
  const position = (id: UniqueIdentifier | undefined) => (id === undefined ? 0 : keys.indexOf(String(id)) + 1);
  return {
    screenReaderInstructions: { draggable: t('courses.dnd.instructions') },
    announcements: {
      onDragStart: ({ active }: { active: { id: UniqueIdentifier } }) =>
        t('courses.dnd.picked', { item: name(active.id) }),
      onDragOver: ({ active, over }: { active: { id: UniqueIdentifier }; over: { id: UniqueIdentifier } | null }) =>
        over
          ? t('courses.dnd.over', { item: name(active.id), position: position(over.id), total: keys.length })
          : undefined,
      onDragEnd: ({ active, over }: { active: { id: UniqueIdentifier }; over: { id: UniqueIdentifier } | null }) =>
        over
          ? t('courses.dnd.dropped', { item: name(active.id), position: position(over.id), total: keys.length })
          : t('courses.dnd.cancelled', { item: name(active.id) }),
      onDragCancel: ({ active }: { active: { id: UniqueIdentifier } }) =>
        t('courses.dnd.cancelled', { item: name(active.id) }),
    },
  };
}

/**
 * The course's lessons and tests in their order, each with the person's done mark; its managers drag them into a new
 * order (pointer, touch or keyboard), add lessons and tests and delete them after a confirmation.
 */
export function ContentList({ course }: { course: CourseDto }) {
  const { t } = useLearningTexts();
  const queries = useQueryClient();
  const reorder = useMutation(learningMutations.reorder(queries));
  const removeLesson = useMutation(learningMutations.deleteLesson(queries, course._id));
  const removeTest = useMutation(learningMutations.deleteTest(queries, course._id));
  const [removing, setRemoving] = useState<CourseContentItem | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const accessibility = useAccessibility(course.items);
  const edit = course.can.edit;
  const items = course.items;

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((item) => keyOf(item) === active.id);
    const to = items.findIndex((item) => keyOf(item) === over.id);
    if (from < 0 || to < 0) return;
    reorder.mutate(
      { courseId: course._id, items: arrayMove(items, from, to) },
      { onSuccess: () => showSuccess(t('courses.content.orderSaved')), onError: showError },
    );
  };

  const adders = edit && (
    <Group gap="xs">
      <Button
        component={Link}
        to={`/courses/${course._id}/lessons/new`}
        variant="light"
        leftSection={<IconPlus size={16} />}
      >
        {t('courses.content.addLesson')}
      </Button>
      <Button
        component={Link}
        to={`/courses/${course._id}/tests/new`}
        variant="light"
        leftSection={<IconPlus size={16} />}
      >
        {t('courses.content.addTest')}
      </Button>
    </Group>
  );

  if (items.length === 0) {
    return (
      <Paper withBorder radius="lg" p="lg">
        <EmptyState
          icon={<IconBook size={28} stroke={1.5} />}
          title={t('courses.content.emptyTitle')}
          description={edit ? t('courses.content.emptyManager') : t('courses.content.emptyLearner')}
          action={adders || undefined}
        />
      </Paper>
    );
  }

  const rows = items.map((item, index) => (
    <li key={keyOf(item)}>
      {edit ? (
        <Sortable id={keyOf(item)}>
          {(handle) => (
            <ItemRow
              course={course}
              item={item}
              n={index + 1}
              handle={
                <ActionIcon
                  ref={handle.ref}
                  {...handle.props}
                  variant="subtle"
                  color="gray"
                  size="lg"
                  aria-label={t('courses.content.drag', { title: item.title })}
                  className="hw-course-handle"
                >
                  <IconGripVertical size={18} />
                </ActionIcon>
              }
              onRemove={() => setRemoving(item)}
            />
          )}
        </Sortable>
      ) : (
        <ItemRow course={course} item={item} n={index + 1} />
      )}
    </li>
  ));

  return (
    <Stack gap="sm">
      {edit && (
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed" style={{ flex: '1 1 240px' }}>
            {t('courses.content.dragHint')}
          </Text>
          {adders}
        </Group>
      )}
      {edit ? (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          accessibility={accessibility}
          onDragEnd={onDragEnd}
        >
          <SortableContext items={items.map(keyOf)} strategy={verticalListSortingStrategy}>
            <ContentOl label={t('courses.content.label')}>{rows}</ContentOl>
          </SortableContext>
        </DndContext>
      ) : (
        <ContentOl label={t('courses.content.label')}>{rows}</ContentOl>
      )}
      <ConfirmDialog
        opened={removing !== null}
        title={
          removing?.type === 'test' ? t('courses.content.removeTestTitle') : t('courses.content.removeLessonTitle')
        }
        message={t('courses.content.removeText', { title: removing?.title ?? '' })}
        confirmLabel={t('courses.course.delete')}
        danger
        onConfirm={async () => {
          if (!removing) return;
          if (removing.type === 'lesson') await removeLesson.mutateAsync(removing._id);
          else await removeTest.mutateAsync(removing._id);
          showSuccess(t('courses.content.removed'));
        }}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}

function ContentOl({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="ol" aria-label={label} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {children}
    </Stack>
  );
}

/** A sortable row: the node dnd-kit moves, and the props of its drag handle. */
function Sortable({
  id,
  children,
}: {
  id: string;
  children: (handle: { ref: (node: HTMLElement | null) => void; props: object }) => ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  const style: CSSProperties = { transform: CSS.Translate.toString(transform), transition };
  return (
    <div ref={setNodeRef} style={style} className="hw-course-item" data-dragging={isDragging || undefined}>
      {children({ ref: setActivatorNodeRef, props: { ...attributes, ...listeners } })}
    </div>
  );
}

function ItemRow({
  course,
  item,
  n,
  handle,
  onRemove,
}: {
  course: CourseDto;
  item: CourseContentItem;
  n: number;
  handle?: ReactNode;
  onRemove?: () => void;
}) {
  const { t } = useLearningTexts();
  const lesson = item.type === 'lesson';
  return (
    <Paper withBorder radius="md" p="sm" data-testid="course-item">
      <Group gap="sm" wrap="nowrap">
        {handle}
        <ThemeIcon variant="light" radius="xl" size="lg" color={lesson ? 'blue' : 'grape'} aria-hidden>
          {lesson ? <IconBook size={18} /> : <IconChecklist size={18} />}
        </ThemeIcon>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text size="xs" c="dimmed">
            {t('courses.content.position', { n })} {lesson ? t('courses.content.lesson') : t('courses.content.test')}
          </Text>
          <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
            <Link to={itemPath(course._id, item)} className="hw-course-link">
              {item.title}
            </Link>
          </Text>
          {!lesson && (
            <Group gap="sm" wrap="wrap">
              {item.questions !== undefined && (
                <MetaItem icon={IconChecklist}>{t('courses.content.questions', { count: item.questions })}</MetaItem>
              )}
              {!!item.time_limit && (
                <Text size="xs" c="dimmed">
                  {t('courses.content.timeLimit', { minutes: item.time_limit })}
                </Text>
              )}
              {item.best_score != null && (
                <Text size="xs" c="dimmed">
                  {t('courses.content.bestScore', { score: item.best_score })}
                </Text>
              )}
              {!!item.attempts && (
                <Text size="xs" c="dimmed">
                  {t('courses.content.attempts', { count: item.attempts })}
                </Text>
              )}
            </Group>
          )}
        </Stack>
        {/* Done or not is the learner's: a manager who is not a member has nothing to mark. */}
        {!course.my ? null : item.done ? (
          <IconCircleCheckFilled
            size={22}
            color="var(--mantine-color-teal-6)"
            aria-label={t('courses.content.done')}
            role="img"
          />
        ) : (
          <IconCircleDashed
            size={22}
            color="var(--mantine-color-dimmed)"
            aria-label={t('courses.content.notDone')}
            role="img"
          />
        )}
        {onRemove && (
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={t('courses.content.remove', { title: item.title })}
            onClick={onRemove}
          >
            <IconTrash size={18} />
          </ActionIcon>
        )}
      </Group>
    </Paper>
  );
}
