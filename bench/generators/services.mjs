import { v7 as uuid } from 'uuid';
import { z } from 'zod';
import { insertRows } from '../lib/db.mjs';
import { CITIES } from './vocabulary.mjs';

const DAY = 86_400_000;
const FIELDS = [
  { key: 'where', name: 'Destination', type: 'string', required: true, options: [] },
  { key: 'days', name: 'Days', type: 'number', required: false, options: [] },
];

/**
 * Issue 30: a service of the first workspace ("Business trip", two steps) with `serviceRequests` requests of its
 * people, started over the last year: a third running (at either step), half done, the rest declined; each with
 * its three steps. The service's owners are the people the manifest samples there, so they read its table. Nothing
 * is written with `serviceRequests` at 0. Publishes the service for the scenarios.
 */
export default {
  name: 'services',
  after: ['clients', 'users'],
  options: { serviceRequests: z.coerce.number().int().min(0).max(1_000_000).default(0) },
  async run({ session, options, random, state }) {
    const counts = {
      service_groups: 0,
      services: 0,
      service_requests: 0,
      service_request_steps: 0,
      service_request_queue: 0,
    };
    if (!options.serviceRequests) return counts;
    if (session.kind === 'pg') await session.query('SET synchronous_commit = off');
    const ws = state.workspaces[0];
    const people = state.users.get(ws.id);
    const owners = state.sample.filter((p) => p.clientId === ws.id).map((p) => p.id);
    const [approver, booker] = [people[0], people[1]];
    const group = uuid();
    const service = uuid();
    const stepIds = [uuid(), uuid()];
    await insertRows(session, 'service_groups', ['id', 'client_id', 'name', 'sort'], [[group, ws.id, 'Office', 0]]);
    await insertRows(
      session,
      'services',
      ['id', 'client_id', 'group_id', 'name', 'description', 'type', 'days_limit', 'owners', 'fields', 'steps'],
      [
        [
          service,
          ws.id,
          group,
          'Business trip',
          'Travel, hotel and a daily allowance',
          'multi',
          10,
          owners,
          JSON.stringify(FIELDS),
          JSON.stringify([
            {
              id: stepIds[0],
              name: 'Approval',
              review: false,
              performers: [{ kind: 'person', userId: approver }],
              fields: [],
            },
            {
              id: stepIds[1],
              name: 'Booking',
              review: false,
              performers: [{ kind: 'person', userId: booker }],
              fields: [],
            },
          ]),
        ],
      ],
      { casts: { owners: 'uuid[]', fields: 'jsonb', steps: 'jsonb' } },
    );
    const now = Date.now();
    const requests = [];
    const steps = [];
    const queue = [];
    for (let i = 0; i < options.serviceRequests; i++) {
      const created = now - random.int(0, 365 * DAY);
      const id = uuid({ msecs: created });
      const roll = random.int(0, 99);
      const status = roll < 33 ? 'active' : roll < 83 ? 'success' : 'rejected';
      // Running: at the first or the second step; declined: at the first or the second.
      const at = random.int(1, 2);
      const ids = [uuid({ msecs: created }), uuid({ msecs: created }), uuid({ msecs: created })];
      const performers = [approver, booker];
      const finished = status === 'active' ? null : new Date(created + random.int(1, 10) * DAY).toISOString();
      const due = new Date(created + 10 * DAY).toISOString().slice(0, 10);
      requests.push([
        id,
        ws.id,
        service,
        'Business trip',
        random.pick(people),
        JSON.stringify(FIELDS),
        JSON.stringify({ where: random.pick(CITIES), days: random.int(1, 5) }),
        status,
        status === 'active' ? ids[at] : null,
        status === 'active' ? at : null,
        status === 'active' ? [performers[at - 1]] : [],
        3,
        due,
        new Date(created).toISOString(),
        finished,
      ]);
      if (status === 'active') queue.push([ws.id, id, performers[at - 1]]);
      const stepStatus = (position) => {
        if (status === 'success') return 'done';
        if (status === 'active') return position < at ? 'done' : position === at ? 'active' : 'waiting';
        return position < at ? 'done' : position === at ? 'declined' : 'skipped';
      };
      steps.push([ids[0], ws.id, id, 0, '', [requests.at(-1)[4]], 'done']);
      steps.push([ids[1], ws.id, id, 1, 'Approval', [approver], stepStatus(1)]);
      steps.push([ids[2], ws.id, id, 2, 'Booking', [booker], stepStatus(2)]);
    }
    await insertRows(
      session,
      'service_requests',
      [
        'id',
        'client_id',
        'service_id',
        'name',
        'requester_id',
        'fields',
        'values',
        'status',
        'current_step_id',
        'current_position',
        'current_performers',
        'steps_count',
        'due_date',
        'created',
        'finished_at',
      ],
      requests,
      { casts: { fields: 'jsonb', values: 'jsonb', current_performers: 'uuid[]' } },
    );
    await insertRows(
      session,
      'service_request_steps',
      ['id', 'client_id', 'request_id', 'position', 'name', 'performers', 'status'],
      steps,
      { casts: { performers: 'uuid[]' } },
    );
    await insertRows(session, 'service_request_queue', ['client_id', 'request_id', 'user_id'], queue);
    // An insert-only table is vacuumed by autovacuum soon after a load like this (PostgreSQL 13 on): its visibility
    // map lets the table's count read the status index alone, as it would in production a minute later.
    await session.query('VACUUM service_requests');
    state.published.services = { workspace: ws.workspace, clientId: ws.id, service, owners };
    return {
      service_groups: 1,
      services: 1,
      service_requests: requests.length,
      service_request_steps: steps.length,
      service_request_queue: queue.length,
    };
  },
};
