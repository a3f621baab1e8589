import type { DeskDto, TaskCard, TaskDto } from '@hallway/shared/tasks';

/** Pure changes of a cached desk (the kanban's optimistic moves and the realtime events): nothing is mutated. */

export type Lane = DeskDto['lanes'][number];

/** Where a card goes: its lane and the card it follows (`after`) or precedes (`before`); neither → last. */
export interface Place {
  lane: string;
  before?: string;
  after?: string;
}

export function findCard(desk: DeskDto, taskId: string): { lane: Lane; index: number; card: TaskCard } | null {
  for (const lane of desk.lanes) {
    const index = lane.tasks.findIndex((task) => task._id === taskId);
    if (index >= 0) return { lane, index, card: lane.tasks[index]! };
  }
  return null;
}

/** The card taken out of its lane and put at `place` (its `lane` field follows); unknown card → the desk as it was. */
export function moveCard(desk: DeskDto, taskId: string, place: Place, patch: Partial<TaskCard> = {}): DeskDto {
  const found = findCard(desk, taskId);
  if (!found || !desk.lanes.some((lane) => lane._id === place.lane)) return desk;
  const card = { ...found.card, ...patch, lane: place.lane };
  const lanes = desk.lanes.map((lane) => ({ ...lane, tasks: lane.tasks.filter((task) => task._id !== taskId) }));
  const target = lanes.find((lane) => lane._id === place.lane)!;
  let at = target.tasks.length;
  const after = place.after ? target.tasks.findIndex((task) => task._id === place.after) : -1;
  const before = place.before ? target.tasks.findIndex((task) => task._id === place.before) : -1;
  if (after >= 0) at = after + 1;
  else if (before >= 0) at = before;
  target.tasks.splice(at, 0, card);
  return { ...desk, lanes };
}

/**
 * The place a drop means: the card lands at `index` of `laneId` as the lane will read once it is out of its old
 * spot; the server is told the card it follows (or, first in the lane, the one it precedes).
 */
export function placeAt(desk: DeskDto, taskId: string, laneId: string, index: number): Place {
  const lane = desk.lanes.find((candidate) => candidate._id === laneId);
  const others = (lane?.tasks ?? []).filter((task) => task._id !== taskId);
  const at = Math.max(0, Math.min(index, others.length));
  if (at > 0) return { lane: laneId, after: others[at - 1]!._id };
  if (others.length > 0) return { lane: laneId, before: others[0]!._id };
  return { lane: laneId };
}

/** Whether the card already stands at `place` (a move answered by the same move's realtime echo). */
export function isAt(desk: DeskDto, taskId: string, place: Place): boolean {
  const found = findCard(desk, taskId);
  if (!found || found.lane._id !== place.lane) return false;
  const tasks = found.lane.tasks;
  if (place.after) return tasks[found.index - 1]?._id === place.after;
  if (place.before) return tasks[found.index + 1]?._id === place.before;
  return found.index === tasks.length - 1;
}

/** The card face of a full task (what the drawer's save answered). */
export function cardOf(task: TaskDto): TaskCard {
  return {
    _id: task._id,
    name: task.name,
    lane: task.lane,
    status: task.status,
    performer: task.performer?._id ?? null,
    co_performers: task.co_performers.map((person) => person._id),
    plan_date: task.plan_date,
    priority: task.priority,
    tags: task.tags,
    color: task.color,
    border_color: task.border_color,
    progress: task.progress,
    files: task.files.length,
    version: task.version,
    can: task.can,
  };
}

/** The desk with one card replaced by the task's face (added at the end of its lane when it is new there). */
export function putCard(desk: DeskDto, task: TaskDto): DeskDto {
  const card = cardOf(task);
  const people = [...desk.people];
  for (const person of [task.performer, ...task.co_performers]) {
    if (person && !people.some((known) => known._id === person._id)) people.push(person);
  }
  const found = findCard(desk, task._id);
  const lanes = desk.lanes.map((lane) => {
    if (found && found.lane._id === lane._id && lane._id === card.lane) {
      return { ...lane, tasks: lane.tasks.map((one) => (one._id === card._id ? card : one)) };
    }
    const kept = lane.tasks.filter((one) => one._id !== card._id);
    return lane._id === card.lane ? { ...lane, tasks: [...kept, card] } : { ...lane, tasks: kept };
  });
  return { ...desk, lanes, people };
}

export function removeCard(desk: DeskDto, taskId: string): DeskDto {
  if (!findCard(desk, taskId)) return desk;
  return { ...desk, lanes: desk.lanes.map((lane) => ({ ...lane, tasks: lane.tasks.filter((t) => t._id !== taskId) })) };
}

/** The lanes in a new order (the kanban's lane drag), their cards kept. */
export function orderLanes(desk: DeskDto, ids: string[]): DeskDto {
  const byId = new Map(desk.lanes.map((lane) => [lane._id, lane]));
  const lanes = ids.map((id) => byId.get(id)).filter((lane): lane is Lane => !!lane);
  return { ...desk, lanes: lanes.map((lane, order) => ({ ...lane, order })) };
}

/** Whether a day (`YYYY-MM-DD`) is before today, the person's local day. */
export function isOverdue(day: string | null, today = new Date()): boolean {
  if (!day) return false;
  const local = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
  return day < local;
}
