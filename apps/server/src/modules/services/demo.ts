import type { ServiceDecision, ServiceFieldDto } from '@hallway/shared/services';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import { newId } from '../../platform/db/ids.js';
import { departments } from '../structure/tables.js';
import { users } from '../users/tables.js';
import { addDays } from './requests.js';
import {
  type StoredPerformer,
  type StoredStep,
  serviceGroups,
  serviceRequestHistory,
  serviceRequestQueue,
  serviceRequestSteps,
  serviceRequests,
  serviceSettings,
  services,
} from './tables.js';

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

const field = (
  key: string,
  name: string,
  type: ServiceFieldDto['type'],
  required = false,
  options: string[] = [],
): ServiceFieldDto => ({ key, name, type, required, options });

interface DemoService {
  group: string;
  name: string;
  description: string;
  type: 'simple' | 'multi';
  department: string;
  days: number | null;
  fields: ServiceFieldDto[];
  steps: { name: string; review?: boolean; people?: string[]; chief?: boolean; fields?: ServiceFieldDto[] }[];
}

const SERVICES: DemoService[] = [
  {
    group: 'IT',
    name: 'New laptop',
    description: 'A new or replacement laptop, set up with your accounts and the software your team uses.',
    type: 'multi',
    department: 'Engineering',
    days: 7,
    fields: [
      field('model', 'Model', 'select', true, ['MacBook Pro 14"', 'ThinkPad X1 Carbon', 'Dell XPS 13']),
      field('reason', 'Why do you need it?', 'text', true),
      field('needed_by', 'Needed by', 'date'),
    ],
    steps: [
      { name: 'Approval by your chief', chief: true },
      { name: 'Purchase and set-up', people: ['omar'], fields: [field('serial', 'Serial number', 'string')] },
      { name: 'Asset register', review: true, people: ['admin'] },
    ],
  },
  {
    group: 'IT',
    name: 'Software licence',
    description: 'A licence for a tool that is not on every laptop yet (design, analytics, developer tools).',
    type: 'simple',
    department: 'Engineering',
    days: 3,
    fields: [field('software', 'Software', 'string', true), field('why', 'What will you use it for?', 'text')],
    steps: [{ name: 'Handling', people: ['omar', 'priya'] }],
  },
  {
    group: 'HR',
    name: 'Certificate of employment',
    description: 'A signed certificate that you work here, for a bank, an embassy or a landlord.',
    type: 'simple',
    department: 'People',
    days: 3,
    fields: [
      field('purpose', 'For', 'select', true, ['Bank', 'Embassy or visa', 'Landlord', 'Other']),
      field('copies', 'Copies', 'number'),
      field('details', 'Anything we should add?', 'text'),
    ],
    steps: [{ name: 'Preparation', people: ['hannah'] }],
  },
  {
    group: 'HR',
    name: 'Training budget',
    description: 'A course, a conference ticket or a book paid from your yearly training budget.',
    type: 'multi',
    department: 'People',
    days: 10,
    fields: [
      field('course', 'Course or event', 'string', true),
      field('cost', 'Cost (EUR)', 'number', true),
      field('link', 'Link or offer', 'file'),
    ],
    steps: [
      { name: 'Approval by your chief', chief: true },
      { name: 'Budget check', people: ['hannah'] },
    ],
  },
  {
    group: 'Office',
    name: 'Business trip',
    description: 'Travel, hotel and a daily allowance for a trip to a customer, a partner or a conference.',
    type: 'multi',
    department: 'Administration',
    days: 10,
    fields: [
      field('destination', 'Destination', 'string', true),
      field('dates', 'Dates', 'period', true),
      field('purpose', 'Purpose', 'text', true),
      field('budget', 'Estimated budget (EUR)', 'number'),
      field('travellers', 'Who else travels', 'users'),
    ],
    steps: [
      { name: 'Approval by your chief', chief: true },
      { name: 'Finance', people: ['clara'] },
      { name: 'Booking', people: ['admin'] },
    ],
  },
  {
    group: 'Office',
    name: 'Office supplies',
    description: 'Paper, a second monitor cable, a notebook: whatever your desk is missing.',
    type: 'simple',
    department: 'Administration',
    days: 5,
    fields: [
      field('items', 'What do you need?', 'text', true),
      field('where', 'Deliver to', 'select', false, ['My desk', 'Reception']),
    ],
    steps: [{ name: 'Handling', people: ['admin'] }],
  },
];

interface DemoRequest {
  service: string;
  by: string;
  daysAgo: number;
  /** The form's values; `day(n)` is the day `n` days from today. */
  values: (day: (n: number) => string) => Record<string, unknown>;
  /** Decisions in step order: who, what, hours after the start, a reason or step values. */
  decisions: {
    by: string;
    decision: ServiceDecision;
    after: number;
    reason?: string;
    values?: Record<string, unknown>;
  }[];
}

const REQUESTS: DemoRequest[] = [
  {
    service: 'New laptop',
    by: 'anna',
    daysAgo: 3,
    values: () => ({
      model: 'MacBook Pro 14"',
      reason: 'My laptop is five years old and the design tools keep freezing.',
    }),
    decisions: [{ by: 'sofia', decision: 'accept', after: 2 }],
  },
  {
    service: 'Certificate of employment',
    by: 'anna',
    daysAgo: 12,
    values: () => ({ purpose: 'Landlord', copies: 1 }),
    decisions: [{ by: 'hannah', decision: 'accept', after: 20 }],
  },
  {
    service: 'Business trip',
    by: 'tom',
    daysAgo: 9,
    values: (day) => ({
      destination: 'Amsterdam',
      dates: { from: day(24), to: day(26) },
      purpose: 'React Summit: two talks on the rendering work we are planning.',
      budget: 1400,
    }),
    decisions: [
      { by: 'lukas', decision: 'accept', after: 5 },
      {
        by: 'clara',
        decision: 'decline',
        after: 30,
        reason: 'The conference budget for this quarter is spent: let us plan it for October.',
      },
    ],
  },
  {
    service: 'Business trip',
    by: 'priya',
    daysAgo: 11,
    values: (day) => ({
      destination: 'Munich',
      dates: { from: day(12), to: day(13) },
      purpose: 'On-site migration workshop with the customer’s platform team.',
      budget: 650,
    }),
    decisions: [],
  },
  {
    service: 'Office supplies',
    by: 'yuki',
    daysAgo: 1,
    values: () => ({ items: 'A USB-C to DisplayPort cable and a notebook', where: 'My desk' }),
    decisions: [],
  },
  {
    service: 'Software licence',
    by: 'mateo',
    daysAgo: 6,
    values: () => ({ software: 'Figma', why: 'Reviewing the sales deck designs with the product team.' }),
    decisions: [{ by: 'priya', decision: 'accept', after: 4 }],
  },
];

/**
 * The demo workspace's services: IT, HR and Office groups with six services, and requests in every state (running,
 * overdue, done, declined). Performers come from the demo people and the structure (chiefs, departments).
 */
export async function seedServices(tx: Tx, clientId: string): Promise<void> {
  const people = await tx
    .select({ id: users.id, login: users.login, chief: users.chief })
    .from(users)
    .where(and(eq(users.clientId, clientId), eq(users.deletionMark, false)));
  const byLogin = new Map(people.map((p) => [p.login, p]));
  if (!byLogin.has('admin') || !byLogin.has('anna')) return;
  const depts = await tx
    .select({ id: departments.id, name: departments.name })
    .from(departments)
    .where(and(eq(departments.clientId, clientId), eq(departments.type, 'administrative')));
  const deptByName = new Map(depts.map((d) => [d.name, d.id]));
  const groupIds = new Map<string, string>();
  for (const [sort, name] of ['IT', 'HR', 'Office'].entries()) {
    const [group] = await tx.insert(serviceGroups).values({ clientId, name, sort }).returning({ id: serviceGroups.id });
    groupIds.set(name, group.id);
  }
  const admin = byLogin.get('admin')!.id;
  const made = new Map<string, { id: string; service: DemoService; steps: StoredStep[] }>();
  for (const s of SERVICES) {
    const steps: StoredStep[] = s.steps.map((step) => ({
      id: newId(),
      name: step.name,
      review: step.review ?? false,
      fields: step.fields ?? [],
      performers: [
        ...(step.people ?? []).flatMap((login): StoredPerformer[] => {
          const person = byLogin.get(login);
          return person ? [{ kind: 'person', userId: person.id }] : [];
        }),
        ...(step.chief ? [{ kind: 'chief' as const }] : []),
      ],
    }));
    const [row] = await tx
      .insert(services)
      .values({
        clientId,
        groupId: groupIds.get(s.group)!,
        name: s.name,
        description: s.description,
        type: s.type,
        departmentId: deptByName.get(s.department) ?? null,
        daysLimit: s.days,
        owners: s.group === 'HR' && byLogin.has('hannah') ? [byLogin.get('hannah')!.id] : [],
        fields: s.fields,
        steps,
        createdBy: admin,
      })
      .returning({ id: services.id });
    made.set(s.name, { id: row.id, service: s, steps });
  }
  await tx.insert(serviceSettings).values({ clientId, recipients: [admin] });

  const now = Date.now();
  const today = new Date(now).toISOString().slice(0, 10);
  const day = (n: number) => addDays(today, n);
  for (const r of REQUESTS) {
    const requester = byLogin.get(r.by);
    const found = made.get(r.service);
    if (!requester || !found) continue;
    const started = new Date(now - r.daysAgo * DAY);
    const performers = found.steps.map((step) => [
      ...new Set(
        step.performers.flatMap((p) => (p.kind === 'chief' ? (requester.chief ? [requester.chief] : []) : [p.userId!])),
      ),
    ]);
    if (performers.some((p) => !p.length)) continue;
    const requestId = newId();
    const stepIds = found.steps.map(() => newId());
    const declined = r.decisions.some((d) => d.decision === 'decline');
    const done = !declined && r.decisions.length === found.steps.length;
    const at = r.decisions.length;
    const last = r.decisions.at(-1);
    const finishedAt = last && (declined || done) ? new Date(started.getTime() + last.after * HOUR) : null;
    await tx.insert(serviceRequests).values({
      id: requestId,
      clientId,
      serviceId: found.id,
      name: r.service,
      requesterId: requester.id,
      departmentId: deptByName.get(found.service.department) ?? null,
      fields: found.service.fields,
      values: r.values(day),
      status: declined ? 'rejected' : done ? 'success' : 'active',
      currentStepId: declined || done ? null : stepIds[at],
      currentPosition: declined || done ? null : at + 1,
      currentPerformers: declined || done ? [] : performers[at],
      stepsCount: found.steps.length + 1,
      dueDate: found.service.days ? addDays(started.toISOString().slice(0, 10), found.service.days) : null,
      created: started,
      finishedAt,
    });
    if (!declined && !done) {
      await tx.insert(serviceRequestQueue).values(performers[at].map((userId) => ({ clientId, requestId, userId })));
    }
    await tx.insert(serviceRequestSteps).values([
      {
        clientId,
        requestId,
        position: 0,
        name: '',
        status: 'done',
        performers: [requester.id],
        decidedBy: requester.id,
        decidedAt: started,
      },
      ...found.steps.map((step, i) => {
        const decision = r.decisions[i];
        const status = decision
          ? decision.decision === 'decline'
            ? ('declined' as const)
            : ('done' as const)
          : declined
            ? ('skipped' as const)
            : i === at && !done
              ? ('active' as const)
              : ('waiting' as const);
        return {
          id: stepIds[i],
          clientId,
          requestId,
          position: i + 1,
          name: step.name,
          review: step.review,
          fields: step.fields,
          values: decision?.values ?? {},
          performers: performers[i],
          status,
          decision: decision?.decision ?? null,
          decidedBy: decision ? (byLogin.get(decision.by)?.id ?? null) : null,
          decidedAt: decision ? new Date(started.getTime() + decision.after * HOUR) : null,
          reason: decision?.reason ?? null,
        };
      }),
    ]);
    const history: (typeof serviceRequestHistory.$inferInsert)[] = [
      { clientId, requestId, actorId: requester.id, action: 'created', created: started },
    ];
    r.decisions.forEach((d, i) => {
      const when = new Date(started.getTime() + d.after * HOUR);
      const actorId = byLogin.get(d.by)?.id ?? null;
      const action = d.decision === 'decline' ? 'declined' : d.decision === 'ack' ? 'acknowledged' : 'accepted';
      history.push({
        clientId,
        requestId,
        stepId: stepIds[i],
        actorId,
        action,
        reason: d.reason ?? null,
        created: when,
      });
    });
    if (finishedAt) {
      history.push({
        clientId,
        requestId,
        stepId: stepIds[at - 1],
        actorId: byLogin.get(last!.by)?.id ?? null,
        action: declined ? 'rejected' : 'success',
        created: finishedAt,
      });
    }
    await tx.insert(serviceRequestHistory).values(history);
  }
}
