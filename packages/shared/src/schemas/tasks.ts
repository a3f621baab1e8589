import { z } from 'zod';
import { LONG_TEXT_MAX } from '../limits.js';
import { boundedDate, id } from './common.js';
import { storedFile } from './files.js';
import { commentDto, personCard } from './posts.js';

/**
 * The task tracker (modules §3 "Task board", §4, §6, §7 "Task board"; portal §2 /task-tracker/, /desk/:_id;
 * docs/api.md "Task tracker"). A desk has ordered lanes; a lane holds cards (tasks) ordered by a gapped rank.
 */
export const DESK_TYPES = ['open', 'active', 'closed', 'hidden'] as const;
export type DeskType = (typeof DESK_TYPES)[number];
export const DESK_STATUSES = ['active', 'finished'] as const;
export type DeskStatus = (typeof DESK_STATUSES)[number];
export const DESK_TEMPLATES = ['empty', 'basic'] as const;
export const DESK_LISTS = ['mine', 'shared', 'project'] as const;
export const TASK_PRIORITIES = ['low', 'normal', 'high', 'critical'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];
export const TASK_STATUSES = ['open', 'done'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const TASK_HISTORY_ACTIONS = ['created', 'updated', 'moved', 'finished', 'reopened'] as const;
export type TaskHistoryAction = (typeof TASK_HISTORY_ACTIONS)[number];
export const TASK_SORTS = ['rank', 'name', 'plan_date', 'priority', 'created', 'updated'] as const;

export const DESK_NAME_MAX = 200;
export const DESK_DESCRIPTION_MAX = 2000;
export const DESK_PEOPLE_MAX = 500;
export const DESK_LANES_MAX = 30;
export const DESK_PAGE_SIZE = 50;
export const LANE_NAME_MAX = 100;
export const TASK_NAME_MAX = 300;
export const TASK_DESCRIPTION_MAX = LONG_TEXT_MAX;
export const TASK_PEOPLE_MAX = 50;
export const TASK_CHECKLIST_MAX = 100;
export const TASK_CHECK_TEXT_MAX = 500;
export const TASK_TAGS_MAX = 20;
export const TASK_TAG_MAX = 50;
export const TASK_FILES_MAX = 20;
export const TASK_HOURS_MAX = 100_000;
export const TASK_TABLE_PAGE_SIZE = 100;
export const TASK_EXPORT_MAX = 10_000;
export const TASK_HISTORY_SHOWN = 100;
/** The lanes of the "basic" template (modules §3: a desk created from a template). */
export const DESK_TEMPLATE_LANES = [
  { name: 'To do', done: false },
  { name: 'In progress', done: false },
  { name: 'Done', done: true },
] as const;

const color = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'task_color_invalid');
const background = z.string().trim().max(1000, 'too_long');
const name = (max: number) => z.string().trim().min(1, 'required').max(max, 'too_long');
const people = (max: number) => z.array(id).max(max, 'too_many');
const hours = z.number().min(0, 'task_hours_invalid').max(TASK_HOURS_MAX, 'task_hours_invalid');

export const deskCan = z.object({
  edit: z.boolean(),
  delete: z.boolean(),
  finish: z.boolean(),
  restore: z.boolean(),
  lanes: z.boolean(),
  create_task: z.boolean(),
  comment: z.boolean(),
});
export type DeskCan = z.infer<typeof deskCan>;
export const taskCan = z.object({
  edit: z.boolean(),
  move: z.boolean(),
  delete: z.boolean(),
  finish: z.boolean(),
  comment: z.boolean(),
});
export type TaskCan = z.infer<typeof taskCan>;

// —— Desks ——
export const deskBody = z.object({
  name: name(DESK_NAME_MAX),
  description: z.string().trim().max(DESK_DESCRIPTION_MAX, 'too_long').default(''),
  type: z.enum(DESK_TYPES).default('active'),
  background: background.default(''),
  admins: people(DESK_PEOPLE_MAX).default([]),
  members: people(DESK_PEOPLE_MAX).default([]),
  project: id.nullable().default(null),
  template: z.enum(DESK_TEMPLATES).default('basic'),
});
export type DeskBody = z.infer<typeof deskBody>;
export const deskUpdateBody = z.object({
  name: name(DESK_NAME_MAX).optional(),
  description: z.string().trim().max(DESK_DESCRIPTION_MAX, 'too_long').optional(),
  type: z.enum(DESK_TYPES).optional(),
  background: background.optional(),
  owner: id.optional(),
  admins: people(DESK_PEOPLE_MAX).optional(),
  members: people(DESK_PEOPLE_MAX).optional(),
  project: id.nullable().optional(),
});
export type DeskUpdateBody = z.infer<typeof deskUpdateBody>;
export const deskListQuery = z.object({
  list: z.enum(DESK_LISTS).default('mine'),
  project: id.optional(),
  search: z.string().trim().max(DESK_NAME_MAX).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(DESK_PAGE_SIZE).default(DESK_PAGE_SIZE),
});
export type DeskListQuery = z.infer<typeof deskListQuery>;

export const laneDto = z.object({
  _id: z.string(),
  name: z.string(),
  done: z.boolean(),
  order: z.number().int(),
});
export const deskItem = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.enum(DESK_TYPES),
  status: z.enum(DESK_STATUSES),
  background: z.string(),
  owner: personCard,
  project: z.string().nullable(),
  tasks: z.object({ open: z.number().int(), total: z.number().int() }),
  created: z.string(),
  updated: z.string(),
  can: deskCan,
});
export const deskPage = z.object({
  result: z.array(deskItem),
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
  can: z.object({ create: z.boolean() }),
});

export const checkItem = z.object({ _id: z.string(), text: z.string(), done: z.boolean() });
/** A card as the kanban shows it (the desk's `GET`): what a card face needs, not its description or history. */
export const taskCard = z.object({
  _id: z.string(),
  name: z.string(),
  lane: z.string(),
  status: z.enum(TASK_STATUSES),
  performer: z.string().nullable(),
  co_performers: z.array(z.string()),
  plan_date: z.string().nullable(),
  priority: z.enum(TASK_PRIORITIES),
  tags: z.array(z.string()),
  color: z.string().nullable(),
  border_color: z.string().nullable(),
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  files: z.number().int(),
  version: z.number().int(),
  can: taskCan,
});
export type TaskCard = z.infer<typeof taskCard>;
export const deskDto = deskItem.extend({
  admins: z.array(personCard),
  members: z.array(personCard),
  /** Lanes in order, each with its cards in rank order (spec: lanes each with _id and tasks). */
  lanes: z.array(laneDto.extend({ tasks: z.array(taskCard) })),
  /** The people the cards name (performers, co-performers), once each. */
  people: z.array(personCard),
});
export type DeskDto = z.infer<typeof deskDto>;

// —— Lanes ——
export const laneBody = z.object({ name: name(LANE_NAME_MAX), done: z.boolean().default(false) });
export const laneUpdateBody = z.object({ name: name(LANE_NAME_MAX).optional(), done: z.boolean().optional() });
/** The lanes in their new order; lanes left out keep their order after those named. */
export const laneOrderBody = z.object({ lanes: z.array(id).min(1).max(DESK_LANES_MAX) });
export const laneDeleteQuery = z.object({ move_to: id });

// —— Tasks ——
const checklistInput = z
  .array(
    z.object({ _id: z.string().max(64).optional(), text: name(TASK_CHECK_TEXT_MAX), done: z.boolean().default(false) }),
  )
  .max(TASK_CHECKLIST_MAX, 'too_many');
const tags = z.array(z.string().trim().min(1, 'required').max(TASK_TAG_MAX, 'too_long')).max(TASK_TAGS_MAX, 'too_many');
const taskFields = {
  name: name(TASK_NAME_MAX),
  description: z.string().trim().max(TASK_DESCRIPTION_MAX, 'too_long'),
  performer: id.nullable(),
  co_performers: people(TASK_PEOPLE_MAX),
  observers: people(TASK_PEOPLE_MAX),
  /** People the description mentions (told once each, `tasks.mentioned`). */
  mentions: people(TASK_PEOPLE_MAX),
  plan_date: boundedDate().nullable(),
  plan_hours: hours.nullable(),
  actual_hours: hours.nullable(),
  period_start: boundedDate().nullable(),
  period_end: boundedDate().nullable(),
  priority: z.enum(TASK_PRIORITIES),
  checklist: checklistInput,
  tags,
  color: color.nullable(),
  border_color: color.nullable(),
  files: z.array(id).max(TASK_FILES_MAX, 'too_many'),
};
/** `PUT api/task_tracker/{desk_id}/{lane_id}/add_task`: the task body (name required, the rest optional). */
export const taskBody = z.object({
  name: taskFields.name,
  description: taskFields.description.default(''),
  performer: taskFields.performer.default(null),
  co_performers: taskFields.co_performers.default([]),
  observers: taskFields.observers.default([]),
  mentions: taskFields.mentions.default([]),
  plan_date: taskFields.plan_date.default(null),
  plan_hours: taskFields.plan_hours.default(null),
  actual_hours: taskFields.actual_hours.default(null),
  period_start: taskFields.period_start.default(null),
  period_end: taskFields.period_end.default(null),
  priority: taskFields.priority.default('normal'),
  checklist: taskFields.checklist.default([]),
  tags: taskFields.tags.default([]),
  color: taskFields.color.default(null),
  border_color: taskFields.border_color.default(null),
  files: taskFields.files.default([]),
});
export type TaskBody = z.infer<typeof taskBody>;
/** `POST api/task`: the task body with its desk (and lane: the desk's first lane when left out). */
export const taskCreateBody = taskBody.extend({ desk: id, lane: id.optional() });
/**
 * `PUT api/task/{id}`: the fields that change, with the version the editor read (409 `task_version_conflict` when
 * it is stale, nothing written). Without `version` the change applies to the current card (last write wins).
 */
export const taskUpdateBody = z
  .object({
    name: taskFields.name,
    description: taskFields.description,
    performer: taskFields.performer,
    co_performers: taskFields.co_performers,
    observers: taskFields.observers,
    mentions: taskFields.mentions,
    plan_date: taskFields.plan_date,
    plan_hours: taskFields.plan_hours,
    actual_hours: taskFields.actual_hours,
    period_start: taskFields.period_start,
    period_end: taskFields.period_end,
    priority: taskFields.priority,
    checklist: taskFields.checklist,
    tags: taskFields.tags,
    color: taskFields.color,
    border_color: taskFields.border_color,
    files: taskFields.files,
  })
  .partial()
  .extend({ version: z.number().int().min(1).optional() });
export type TaskUpdateBody = z.infer<typeof taskUpdateBody>;

/** `PUT api/task_tracker/{desk_id}/move_task`: the card goes to `lane`, before or after a card there (else last). */
export const moveTaskBody = z.object({
  task: id,
  lane: id,
  before: id.optional(),
  after: id.optional(),
  /** Set once the person confirmed a move that finishes or reopens the card (409 `task_move_confirm_finish` or `_reopen` asks). */
  confirm: z.boolean().default(false),
});
export type MoveTaskBody = z.infer<typeof moveTaskBody>;

export const historyEntry = z.object({
  _id: z.string(),
  action: z.enum(TASK_HISTORY_ACTIONS),
  author: personCard.nullable(),
  /** Field → its value before and after (people by id, lanes by name, files by name). */
  changes: z.record(z.string(), z.object({ from: z.any(), to: z.any() })),
  at: z.string(),
});
export const taskDto = z.object({
  _id: z.string(),
  desk: z.string(),
  lane: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(TASK_STATUSES),
  performer: personCard.nullable(),
  co_performers: z.array(personCard),
  observers: z.array(personCard),
  owner: personCard.nullable(),
  plan_date: z.string().nullable(),
  plan_hours: z.number().nullable(),
  actual_hours: z.number().nullable(),
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
  priority: z.enum(TASK_PRIORITIES),
  checklist: z.array(checkItem),
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  tags: z.array(z.string()),
  color: z.string().nullable(),
  border_color: z.string().nullable(),
  files: z.array(storedFile),
  finished_at: z.string().nullable(),
  created: z.string(),
  updated: z.string(),
  version: z.number().int(),
  history: z.array(historyEntry),
  /** The card's comments (parent `task`), newest first as modules §3 keeps them, each with its answers. */
  comments: z.array(commentDto),
  can: taskCan,
});
export type TaskDto = z.infer<typeof taskDto>;

/** The table view's filters (`GET api/task_tracker/{desk_id}/table` and its `/excel`). */
export const taskTableQuery = z.object({
  performer: id.optional(),
  tag: z.string().trim().max(TASK_TAG_MAX).optional(),
  priority: z.enum(TASK_PRIORITIES).optional(),
  status: z.enum(TASK_STATUSES).optional(),
  lane: id.optional(),
  due_from: boundedDate().optional(),
  due_to: boundedDate().optional(),
  sort: z.enum(TASK_SORTS).default('rank'),
  order: z.enum(['asc', 'desc']).default('asc'),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(TASK_TABLE_PAGE_SIZE).default(TASK_TABLE_PAGE_SIZE),
});
export type TaskTableQuery = z.infer<typeof taskTableQuery>;
export const taskRow = taskCard.extend({
  lane_name: z.string(),
  performer_card: personCard.nullable(),
  plan_hours: z.number().nullable(),
  actual_hours: z.number().nullable(),
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
  created: z.string(),
  updated: z.string(),
});
export const taskTablePage = z.object({
  result: z.array(taskRow),
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
});
