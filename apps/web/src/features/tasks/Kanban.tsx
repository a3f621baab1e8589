import {
  type Active,
  type CollisionDetection,
  closestCenter,
  closestCorners,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  horizontalListSortingStrategy,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { PersonCard } from '@hallway/shared';
import { type DeskDto, LANE_NAME_MAX, TASK_NAME_MAX, type TaskCard } from '@hallway/shared/tasks';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Menu,
  Modal,
  Select,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IconDots, IconGripVertical, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { isApiError } from '../../api/client';
import { errorText } from '../../i18n/errors';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { showError } from '../../ui/toast';
import { findCard, isAt, type Lane, placeAt } from './board';
import { type MoveInput, taskMutations } from './queries';
import { TaskCardFace } from './TaskCardFace';
import { useTasksTexts } from './texts';

/** A lane longer than this draws only the cards in view (and a few around them). */
export const VIRTUAL_FROM = 40;
const CARD_ESTIMATE = 84;

type DragData = { type: 'lane'; lane: string } | { type: 'card'; lane: string; index: number };
const laneKey = (id: string) => `lane:${id}`;
const dataOf = (item: { data: { current?: unknown } } | null | undefined) => item?.data.current as DragData | undefined;

/**
 * Cards land on the card nearest the pointer in the lane under it (the lane's end when it has none there); a lane
 * on the lane it is over. A keyboard drag has no pointer: the middle of the moved card stands for it.
 */
const collision: CollisionDetection = (args) => {
  const kind = dataOf(args.active)?.type;
  const lanes = args.droppableContainers.filter((container) => dataOf(container)?.type === 'lane');
  if (kind === 'lane') return closestCenter({ ...args, droppableContainers: lanes });
  const rect = args.collisionRect;
  const point = args.pointerCoordinates ?? { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
  const lane = lanes.find((container) => {
    const box = args.droppableRects.get(container.id);
    return !!box && point.x >= box.left && point.x <= box.left + box.width;
  });
  if (!lane) return closestCorners(args);
  const laneId = dataOf(lane)?.lane;
  const cards = args.droppableContainers.filter((container) => {
    const data = dataOf(container);
    return data?.type === 'card' && data.lane === laneId;
  });
  const [card] = cards.length ? closestCenter({ ...args, droppableContainers: cards }) : [];
  return card ? [card] : [{ id: lane.id, data: { droppableContainer: lane, value: 0 } }];
};

function useBoardSensors() {
  return useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
}

/** dnd-kit's spoken messages in the person's language. */
function useAccessibility(desk: DeskDto) {
  const { t } = useTasksTexts();
  const name = (id: UniqueIdentifier) => {
    const raw = String(id);
    if (raw.startsWith('lane:')) return desk.lanes.find((lane) => laneKey(lane._id) === raw)?.name ?? '';
    return findCard(desk, raw)?.card.name ?? '';
  };
  return {
    screenReaderInstructions: { draggable: t('dnd.instructions') },
    announcements: {
      onDragStart: ({ active }: { active: Active }) => t('dnd.picked', { item: name(active.id) }),
      onDragOver: ({ active, over }: { active: Active; over: { id: UniqueIdentifier } | null }) =>
        over && over.id !== active.id ? t('dnd.over', { item: name(active.id), target: name(over.id) }) : undefined,
      onDragEnd: ({ active, over }: { active: Active; over: { id: UniqueIdentifier } | null }) =>
        over
          ? t('dnd.dropped', { item: name(active.id), target: name(over.id) })
          : t('dnd.droppedNowhere', { item: name(active.id) }),
      onDragCancel: ({ active }: { active: Active }) => t('dnd.cancelled', { item: name(active.id) }),
    },
  };
}

interface KanbanProps {
  desk: DeskDto;
  onOpen: (taskId: string) => void;
}

/**
 * The desk as lanes of cards (modules §3 "Task board"): cards move within and across lanes by pointer or keyboard,
 * at once on the screen and back if the server refuses (a move into or out of a done lane asks first, then goes
 * again confirmed); lanes reorder by their handle, rename inline, are added at the end and deleted with a choice of
 * where their cards go; a card is added inline at the bottom of a lane.
 */
export function Kanban({ desk, onOpen }: KanbanProps) {
  const { t } = useTasksTexts();
  const client = useQueryClient();
  const move = useMutation(taskMutations.move(client, desk._id));
  const order = useMutation(taskMutations.orderLanes(client, desk._id));
  const sensors = useBoardSensors();
  const accessibility = useAccessibility(desk);
  const [dragged, setDragged] = useState<TaskCard | Lane | null>(null);
  const [confirming, setConfirming] = useState<{ input: MoveInput; message: string } | null>(null);
  const people = useMemo(() => new Map(desk.people.map((person) => [person._id, person])), [desk.people]);
  const laneIds = desk.lanes.map((lane) => laneKey(lane._id));

  const send = (input: MoveInput) =>
    move.mutate(input, {
      onError: (error) => {
        if (isApiError(error) && error.status === 409 && error.code.startsWith('task_move_confirm')) {
          setConfirming({ input, message: errorText(error) });
        } else showError(error);
      },
    });

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    const from = dataOf(active);
    const to = dataOf(over);
    if (!from || !to || !over) return;
    if (from.type === 'lane') {
      const next = arrayMove(laneIds, laneIds.indexOf(active.id as string), laneIds.indexOf(laneKey(to.lane)));
      if (next.join() !== laneIds.join())
        order.mutate(
          next.map((id) => id.slice(5)),
          { onError: showError },
        );
      return;
    }
    const taskId = String(active.id);
    const lane = desk.lanes.find((candidate) => candidate._id === to.lane);
    if (!lane) return;
    const index = to.type === 'card' ? to.index : lane.tasks.length;
    const place = placeAt(desk, taskId, lane._id, index);
    if (isAt(desk, taskId, place)) return;
    send({ task: taskId, ...place });
  };

  return (
    <>
      <DndContext
        sensors={sensors}
        collisionDetection={collision}
        accessibility={accessibility}
        onDragStart={({ active }) => {
          const data = dataOf(active);
          if (data?.type === 'lane') setDragged(desk.lanes.find((lane) => lane._id === data.lane) ?? null);
          else setDragged(findCard(desk, String(active.id))?.card ?? null);
        }}
        onDragCancel={() => setDragged(null)}
        onDragEnd={onDragEnd}
      >
        <section className="tasks-board" aria-label={t('kanban.board')}>
          <SortableContext items={laneIds} strategy={horizontalListSortingStrategy}>
            {desk.lanes.map((lane) => (
              <LaneColumn key={lane._id} desk={desk} lane={lane} people={people} onOpen={onOpen} />
            ))}
          </SortableContext>
          {desk.can.lanes && <AddLane deskId={desk._id} />}
        </section>
        <DragOverlay>
          {dragged && 'tasks' in dragged ? (
            <div className="tasks-lane tasks-lane-overlay">
              <Text fw={600} p="sm">
                {dragged.name}
              </Text>
            </div>
          ) : dragged ? (
            <TaskCardFace
              card={dragged as TaskCard}
              performer={people.get((dragged as TaskCard).performer ?? '') ?? null}
              onOpen={() => undefined}
            />
          ) : null}
        </DragOverlay>
      </DndContext>
      <ConfirmDialog
        opened={!!confirming}
        title={t('kanban.confirmMove')}
        message={confirming?.message}
        confirmLabel={t('kanban.move')}
        cancelLabel={t('kanban.cancel')}
        onConfirm={() => {
          if (confirming) send({ ...confirming.input, confirm: true });
        }}
        onClose={() => setConfirming(null)}
      />
    </>
  );
}

interface LaneColumnProps {
  desk: DeskDto;
  lane: Lane;
  people: Map<string, PersonCard>;
  onOpen: (taskId: string) => void;
}

function LaneColumn({ desk, lane, people, onOpen }: LaneColumnProps) {
  const { t } = useTasksTexts();
  const sortable = useSortable({
    id: laneKey(lane._id),
    data: { type: 'lane', lane: lane._id } satisfies DragData,
    disabled: !desk.can.lanes,
  });
  const style = { transform: CSS.Translate.toString(sortable.transform), transition: sortable.transition };
  const ids = lane.tasks.map((task) => task._id);

  return (
    <section
      ref={sortable.setNodeRef}
      style={style}
      className="tasks-lane"
      aria-label={t('kanban.lane', { name: lane.name })}
      data-dragging={sortable.isDragging || undefined}
      data-lane={lane._id}
    >
      <LaneHeader
        desk={desk}
        lane={lane}
        handle={
          desk.can.lanes ? (
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={t('kanban.dragLane', { name: lane.name })}
              {...sortable.attributes}
              {...sortable.listeners}
              className="tasks-handle"
            >
              <IconGripVertical size={16} />
            </ActionIcon>
          ) : null
        }
      />
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {lane.tasks.length > VIRTUAL_FROM ? (
          <VirtualCards lane={lane} people={people} onOpen={onOpen} />
        ) : (
          <div className="tasks-lane-cards">
            {lane.tasks.map((card, index) => (
              <SortableCard
                key={card._id}
                card={card}
                index={index}
                performer={people.get(card.performer ?? '') ?? null}
                onOpen={onOpen}
              />
            ))}
            {lane.tasks.length === 0 && (
              <Text size="xs" c="dimmed" ta="center" py="sm">
                {t('kanban.empty')}
              </Text>
            )}
          </div>
        )}
      </SortableContext>
      {desk.can.create_task && <AddCard deskId={desk._id} laneId={lane._id} />}
    </section>
  );
}

/** A long lane: only the cards in its scrolled view are drawn (2,000 cards stay smooth). */
function VirtualCards({ lane, people, onOpen }: Omit<LaneColumnProps, 'desk'>) {
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: lane.tasks.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => CARD_ESTIMATE,
    getItemKey: (index) => lane.tasks[index]?._id ?? index,
    overscan: 6,
    gap: 8,
  });
  return (
    <div ref={scroller} className="tasks-lane-cards tasks-lane-scroll">
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const card = lane.tasks[item.index]!;
          return (
            <div
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${item.start}px)` }}
            >
              <SortableCard
                card={card}
                index={item.index}
                performer={people.get(card.performer ?? '') ?? null}
                onOpen={onOpen}
              />
            </div>
          );
        })}
      </div>
    </div>
  );
}

interface SortableCardProps {
  card: TaskCard;
  index: number;
  performer: PersonCard | null;
  onOpen: (taskId: string) => void;
}

function SortableCard({ card, index, performer, onOpen }: SortableCardProps) {
  const { t } = useTasksTexts();
  const sortable = useSortable({
    id: card._id,
    data: { type: 'card', lane: card.lane, index } satisfies DragData,
    disabled: !card.can.move,
  });
  const style = {
    transform: CSS.Translate.toString(sortable.transform),
    transition: sortable.transition,
    opacity: sortable.isDragging ? 0.4 : undefined,
  };
  return (
    <div ref={sortable.setNodeRef} style={style} data-card={card._id}>
      <TaskCardFace
        card={card}
        performer={performer}
        onOpen={onOpen}
        handle={
          card.can.move ? (
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={t('kanban.dragCard', { name: card.name })}
              {...sortable.attributes}
              {...sortable.listeners}
              className="tasks-handle"
            >
              <IconGripVertical size={14} />
            </ActionIcon>
          ) : undefined
        }
      />
    </div>
  );
}

function LaneHeader({ desk, lane, handle }: { desk: DeskDto; lane: Lane; handle: ReactNode }) {
  const { t } = useTasksTexts();
  const client = useQueryClient();
  const rename = useMutation(taskMutations.renameLane(client, desk._id));
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(lane.name);
  const [deleting, setDeleting] = useState(false);

  const save = () => {
    const next = name.trim();
    setEditing(false);
    if (!next || next === lane.name) return setName(lane.name);
    rename.mutate(
      { lane: lane._id, name: next },
      {
        onError: (error) => {
          setName(lane.name);
          showError(error);
        },
      },
    );
  };

  return (
    <Group className="tasks-lane-header" gap={4} wrap="nowrap" justify="space-between">
      <Group gap={4} wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
        {handle}
        {editing ? (
          <TextInput
            size="xs"
            value={name}
            maxLength={LANE_NAME_MAX}
            aria-label={t('kanban.laneName')}
            autoFocus
            onChange={(event) => setName(event.currentTarget.value)}
            onBlur={save}
            onKeyDown={(event) => {
              if (event.key === 'Enter') save();
              if (event.key === 'Escape') {
                setName(lane.name);
                setEditing(false);
              }
            }}
            style={{ flex: 1 }}
          />
        ) : (
          <UnstyledButton
            onClick={() => desk.can.lanes && setEditing(true)}
            disabled={!desk.can.lanes}
            aria-label={desk.can.lanes ? `${t('kanban.rename')}: ${lane.name}` : undefined}
            style={{ minWidth: 0 }}
          >
            <Text fw={600} size="sm" truncate>
              {lane.name}
            </Text>
          </UnstyledButton>
        )}
        <Badge
          size="sm"
          variant="light"
          color={lane.done ? 'teal' : 'gray'}
          aria-label={t('kanban.cards', { count: lane.tasks.length })}
        >
          {lane.tasks.length}
        </Badge>
      </Group>
      {desk.can.lanes && (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={t('kanban.laneActions', { name: lane.name })}
            >
              <IconDots size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => setEditing(true)}>
              {t('kanban.rename')}
            </Menu.Item>
            <Menu.Item
              leftSection={<IconTrash size={14} />}
              color="red"
              disabled={desk.lanes.length < 2}
              onClick={() => setDeleting(true)}
            >
              {t('kanban.deleteLane')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
      {deleting && <DeleteLane desk={desk} lane={lane} onClose={() => setDeleting(false)} />}
    </Group>
  );
}

/** Deleting a lane: the person chooses which lane its cards go to (the end of it). */
function DeleteLane({ desk, lane, onClose }: { desk: DeskDto; lane: Lane; onClose: () => void }) {
  const { t } = useTasksTexts();
  const client = useQueryClient();
  const remove = useMutation(taskMutations.deleteLane(client, desk._id));
  const others = desk.lanes.filter((other) => other._id !== lane._id);
  const [moveTo, setMoveTo] = useState<string | null>(others[0]?._id ?? null);
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('kanban.deleteLaneTitle', { name: lane.name })}
      centered
      closeButtonProps={{ 'aria-label': t('kanban.cancel') }}
    >
      <Stack gap="md">
        <Text size="sm">{t('kanban.deleteLaneText', { count: lane.tasks.length })}</Text>
        <Select
          label={t('kanban.moveTo')}
          data={others.map((other) => ({ value: other._id, label: other.name }))}
          value={moveTo}
          onChange={setMoveTo}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        {remove.error && (
          <Text c="red" size="sm" role="alert">
            {errorText(remove.error)}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('kanban.cancel')}
          </Button>
          <Button
            color="red"
            disabled={!moveTo}
            loading={remove.isPending}
            onClick={() => moveTo && remove.mutate({ lane: lane._id, moveTo }, { onSuccess: onClose })}
          >
            {t('kanban.deleteLane')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** "Add a card" at the bottom of a lane: a name, Enter adds it and keeps the field open for the next one. */
/**
 * A button that turns into a one-field form (a lane's new card, the desk's new lane): Enter adds, Escape or Cancel
 * closes. A card's form stays open for the next card; a lane's closes once the lane is there.
 */
function InlineAdd({
  label,
  fieldLabel,
  max,
  pending,
  keepOpen,
  lane,
  onAdd,
}: {
  label: string;
  fieldLabel: string;
  max: number;
  pending: boolean;
  keepOpen?: boolean;
  /** The desk's new lane: a lane-wide form after a light button. */
  lane?: boolean;
  onAdd: (name: string, added: () => void) => void;
}) {
  const { t } = useTasksTexts();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const close = () => {
    setName('');
    setOpen(false);
  };
  if (!open)
    return (
      <Button
        variant={lane ? 'light' : 'subtle'}
        color="gray"
        size={lane ? 'sm' : 'compact-sm'}
        leftSection={<IconPlus size={lane ? 16 : 14} />}
        onClick={() => setOpen(true)}
        className={lane ? 'tasks-add-lane' : 'tasks-add'}
      >
        {label}
      </Button>
    );
  return (
    <form
      className={lane ? 'tasks-lane tasks-add-lane' : 'tasks-add'}
      onSubmit={(event) => {
        event.preventDefault();
        const next = name.trim();
        if (next) onAdd(next, keepOpen ? () => setName('') : close);
      }}
    >
      <TextInput
        size="xs"
        value={name}
        maxLength={max}
        aria-label={fieldLabel}
        placeholder={fieldLabel}
        autoFocus
        disabled={pending && keepOpen}
        onChange={(event) => setName(event.currentTarget.value)}
        onKeyDown={(event) => event.key === 'Escape' && close()}
      />
      <Group gap={4} mt={4}>
        <Button type="submit" size="compact-xs" loading={pending} disabled={!name.trim()}>
          {label}
        </Button>
        <Button size="compact-xs" variant="subtle" color="gray" onClick={close}>
          {t('kanban.cancel')}
        </Button>
      </Group>
    </form>
  );
}

function AddCard({ deskId, laneId }: { deskId: string; laneId: string }) {
  const { t } = useTasksTexts();
  const add = useMutation(taskMutations.addTask(useQueryClient(), deskId));
  return (
    <InlineAdd
      label={t('kanban.addCard')}
      fieldLabel={t('kanban.cardName')}
      max={TASK_NAME_MAX}
      pending={add.isPending}
      keepOpen
      onAdd={(name, added) => add.mutate({ lane: laneId, name }, { onSuccess: added, onError: showError })}
    />
  );
}

function AddLane({ deskId }: { deskId: string }) {
  const { t } = useTasksTexts();
  const add = useMutation(taskMutations.addLane(useQueryClient(), deskId));
  return (
    <InlineAdd
      label={t('kanban.addLane')}
      fieldLabel={t('kanban.laneName')}
      max={LANE_NAME_MAX}
      pending={add.isPending}
      lane
      onAdd={(name, added) => add.mutate(name, { onSuccess: added, onError: showError })}
    />
  );
}
