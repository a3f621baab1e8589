import type { DeskDto, TaskCard, TaskDto } from '@hallway/shared/tasks';

/** Test helpers of the task tracker (only tests import this file). */
export { answerFetch, CLIENT, LUKAS, ME, renderWithSession, TOM } from '../groups/testing';

import { LUKAS, ME } from '../groups/testing';

export const DESK_ID = '01a1fe5d-0000-7000-8000-0000000000d1';
export const TODO = '01a1fe5d-0000-7000-8000-0000000000e1';
export const DOING = '01a1fe5d-0000-7000-8000-0000000000e2';
export const DONE = '01a1fe5d-0000-7000-8000-0000000000e3';
export const taskId = (n: number) => `01a1fe5d-0000-7000-8000-0000000001${String(n).padStart(2, '0')}`;

export const anna = { _id: ME, name: 'Anna Kowalski', avatar: null, position: 'Product Designer' };
export const lukas = { _id: LUKAS, name: 'Lukas Schmidt', avatar: null, position: 'Engineering Manager' };

export const deskCan = {
  edit: true,
  delete: true,
  finish: true,
  restore: false,
  lanes: true,
  create_task: true,
  comment: true,
};
export const taskCan = { edit: true, move: true, delete: true, finish: true, comment: true };

export function makeCard(n: number, lane: string, overrides: Partial<TaskCard> = {}): TaskCard {
  return {
    _id: taskId(n),
    name: `Card ${n}`,
    lane,
    status: lane === DONE ? 'done' : 'open',
    performer: null,
    co_performers: [],
    plan_date: null,
    priority: 'normal',
    tags: [],
    color: null,
    border_color: null,
    progress: { done: 0, total: 0 },
    files: 0,
    version: 1,
    can: taskCan,
    ...overrides,
  };
}

/** A desk of the template's three lanes: two cards to do, one in progress, none done. */
export function makeDesk(overrides: Partial<DeskDto> = {}): DeskDto {
  return {
    _id: DESK_ID,
    name: 'Launch',
    description: 'The spring launch',
    type: 'active',
    status: 'active',
    background: '#1c7ed6',
    owner: anna,
    project: null,
    tasks: { open: 3, total: 3 },
    created: '2026-03-02T09:00:00.000Z',
    updated: '2026-03-02T09:00:00.000Z',
    can: deskCan,
    admins: [],
    members: [lukas],
    lanes: [
      { _id: TODO, name: 'To do', done: false, order: 0, tasks: [makeCard(1, TODO), makeCard(2, TODO)] },
      { _id: DOING, name: 'In progress', done: false, order: 1, tasks: [makeCard(3, DOING)] },
      { _id: DONE, name: 'Done', done: true, order: 2, tasks: [] },
    ],
    people: [],
    ...overrides,
  };
}

export function makeTask(overrides: Partial<TaskDto> = {}): TaskDto {
  return {
    _id: taskId(1),
    desk: DESK_ID,
    lane: TODO,
    name: 'Card 1',
    description: 'Write the press release',
    status: 'open',
    performer: lukas,
    co_performers: [],
    observers: [],
    owner: anna,
    plan_date: null,
    plan_hours: null,
    actual_hours: null,
    period_start: null,
    period_end: null,
    priority: 'normal',
    checklist: [],
    progress: { done: 0, total: 0 },
    tags: [],
    color: null,
    border_color: null,
    files: [],
    finished_at: null,
    created: '2026-03-02T09:00:00.000Z',
    updated: '2026-03-02T09:00:00.000Z',
    version: 3,
    history: [
      {
        _id: 'h1',
        action: 'created',
        author: anna,
        changes: {},
        at: '2026-03-02T09:00:00.000Z',
      },
    ],
    comments: [],
    can: taskCan,
    ...overrides,
  };
}

/**
 * happy-dom lays nothing out: the kanban's lanes side by side (300 px apart) and their cards one under another
 * (100 px apart), so dnd-kit's keyboard sensor finds its way between them as in a browser.
 */
export function layOutBoard() {
  const original = Element.prototype.getBoundingClientRect;
  Element.prototype.getBoundingClientRect = function rect(this: Element) {
    const box = (left: number, top: number, width: number, height: number) =>
      ({
        left,
        top,
        width,
        height,
        right: left + width,
        bottom: top + height,
        x: left,
        y: top,
        toJSON() {},
      }) as DOMRect;
    const laneOf = (node: Element | null) => node?.closest('[data-lane]');
    const lanes = () => Array.from(document.querySelectorAll('[data-lane]'));
    if (this.hasAttribute('data-lane')) return box(lanes().indexOf(this) * 300, 0, 280, 1000);
    if (this.hasAttribute('data-card')) {
      const lane = laneOf(this);
      const cards = Array.from(lane?.querySelectorAll('[data-card]') ?? []);
      return box(lanes().indexOf(lane!) * 300 + 8, 50 + cards.indexOf(this) * 100, 264, 90);
    }
    // The drag overlay's card (what dnd-kit moves) stands where the card it shows stands.
    if (this.matches('.tasks-card[data-task]') && !this.closest('[data-card]')) {
      const card = document.querySelector(`[data-card="${this.getAttribute('data-task')}"]`);
      if (card) return card.getBoundingClientRect();
    }
    return original.call(this);
  };
  return () => {
    Element.prototype.getBoundingClientRect = original;
  };
}
