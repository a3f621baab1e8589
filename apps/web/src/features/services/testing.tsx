import type { RequestDto, ServiceDto, ServiceFieldDto } from '@hallway/shared/services';
import { CLIENT, LUKAS, ME, TOM } from '../groups/testing';

/** Test helpers of the services (only tests import this file). */
export { answerFetch, CLIENT, LUKAS, ME, renderWithSession, TOM, USERS } from '../groups/testing';

export const SERVICE_ID = '01a1fe5d-0000-7000-8000-0000000000e1';
export const REQUEST_ID = '01a1fe5d-0000-7000-8000-0000000000e2';
export const GROUP_ID = '01a1fe5d-0000-7000-8000-0000000000e3';
export const STEP_ID = '01a1fe5d-0000-7000-8000-0000000000e4';

const field = (key: string, type: ServiceFieldDto['type'], name: string, required = false, options: string[] = []) => ({
  key,
  type,
  name,
  required,
  options,
});

/** One field of each of the 13 types; the first three required. */
export const ALL_FIELDS: ServiceFieldDto[] = [
  field('title', 'string', 'Title', true),
  field('size', 'select', 'Size', true, ['S', 'M', 'L']),
  field('agree', 'checkbox', 'I agree', true),
  field('notes', 'text', 'Notes'),
  field('count', 'number', 'Count'),
  field('day', 'date', 'Day'),
  field('leave', 'period', 'Leave'),
  field('scan', 'file', 'Scan'),
  field('dept', 'department', 'Department'),
  field('who', 'user', 'Who'),
  field('team', 'users', 'Team'),
  field('phone', 'phone', 'Phone'),
  field('mail', 'email', 'Mail'),
];

const card = (_id: string, name: string) => ({ _id, name, avatar: null, position: '' });

export function makeService(overrides: Partial<ServiceDto> = {}): ServiceDto {
  return {
    _id: SERVICE_ID,
    client_id: CLIENT,
    template: true,
    name: 'New laptop',
    description: 'Order a laptop for work',
    group: { _id: GROUP_ID, name: 'IT' },
    type: 'multi',
    days_limit: 5,
    active: true,
    for_all: true,
    article_id: null,
    fields: ALL_FIELDS,
    steps_count: 2,
    can: { request: true, edit: false, owners: false, delete: false, table: false },
    department: null,
    owners: [],
    steps: [
      {
        _id: STEP_ID,
        name: 'Manager approves',
        review: false,
        performers: [{ kind: 'person', user: card(LUKAS, 'Lukas Schmidt'), department: null, head: null }],
        fields: [],
      },
    ],
    grants: [],
    requests: { active: 0, total: 0 },
    created: '2026-03-02T09:00:00.000Z',
    updated: '2026-03-02T09:00:00.000Z',
    ...overrides,
  };
}

export function makeRequest(overrides: Partial<RequestDto> = {}): RequestDto {
  return {
    _id: REQUEST_ID,
    client_id: CLIENT,
    template: false,
    service: { _id: SERVICE_ID, name: 'New laptop' },
    name: 'New laptop',
    requester: card(ME, 'Anna Kowalski'),
    status: 'active',
    created: '2026-03-02T09:00:00.000Z',
    finished_at: null,
    due_date: '2026-03-07',
    overdue: true,
    step: {
      _id: STEP_ID,
      name: 'Manager approves',
      position: 1,
      review: false,
      performers: [card(LUKAS, 'Lukas Schmidt')],
    },
    steps_count: 2,
    fields: [field('title', 'string', 'Title', true)],
    values: { title: 'A 14-inch one' },
    files: [],
    steps: [
      {
        _id: '01a1fe5d-0000-7000-8000-0000000000e5',
        position: 0,
        kind: 'request',
        name: 'Request',
        review: false,
        status: 'done',
        performers: [card(ME, 'Anna Kowalski')],
        decision: null,
        decided_by: card(ME, 'Anna Kowalski'),
        decided_at: '2026-03-02T09:00:00.000Z',
        reason: null,
        fields: [],
        values: {},
      },
      {
        _id: STEP_ID,
        position: 1,
        kind: 'step',
        name: 'Manager approves',
        review: false,
        status: 'active',
        performers: [card(LUKAS, 'Lukas Schmidt')],
        decision: null,
        decided_by: null,
        decided_at: null,
        reason: null,
        fields: [],
        values: {},
      },
    ],
    history: [
      {
        _id: '01a1fe5d-0000-7000-8000-0000000000e6',
        action: 'created',
        step_id: null,
        step: null,
        actor: card(ME, 'Anna Kowalski'),
        reason: null,
        created: '2026-03-02T09:00:00.000Z',
      },
    ],
    comments: [],
    refs: { people: {}, departments: {}, files: {} },
    can: { pass: true, comment: true, table: false },
    ...overrides,
  };
}

export { TOM as OTHER };
