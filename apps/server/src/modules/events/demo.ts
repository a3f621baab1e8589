import type { EventAnswer } from '@hallway/shared';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import { workspaceTimeZone } from '../clients/index.js';
import { users } from '../users/tables.js';
import { recountStatement } from './members.js';
import type { Repeat } from './recurrence.js';
import { seriesOf } from './rules.js';
import { eventMembers, events } from './tables.js';
import { DAY_MS, dateOfFloat, floating, floatOf, unfloat } from './time.js';

interface DemoEvent {
  name: string;
  organizer: string;
  /** Days from this week's Monday. */
  day: number;
  start?: string;
  end?: string;
  allDayLength?: number;
  color: string;
  description?: string;
  link?: string;
  place?: string;
  public?: boolean;
  departments?: string[];
  people?: string[];
  repeat?: Partial<Repeat> & Pick<Repeat, 'period'>;
}

const EVENTS: DemoEvent[] = [
  {
    name: 'Weekly team meeting',
    organizer: 'daniel',
    day: -14,
    start: '10:00',
    end: '11:00',
    color: '#228be6',
    description: 'Priorities of the week, blockers, announcements. Bring one thing you are proud of.',
    link: 'https://meet.northwind.example/weekly',
    place: 'Big meeting room, 3rd floor',
    departments: ['Management', 'Product', 'Engineering', 'Marketing'],
    repeat: { period: 'week', weekdays: ['MO'], count: 16 },
  },
  {
    name: 'Engineering stand-up',
    organizer: 'lukas',
    day: -14,
    start: '09:30',
    end: '09:45',
    color: '#15aabf',
    link: 'https://meet.northwind.example/standup',
    departments: ['Engineering'],
    repeat: { period: 'week', weekdays: ['MO', 'WE', 'FR'], count: 30 },
  },
  {
    name: 'Sales pipeline review',
    organizer: 'omar',
    day: -6,
    start: '14:00',
    end: '15:00',
    color: '#40c057',
    place: 'Sales corner',
    departments: ['Sales', 'Finance'],
    repeat: { period: 'week', interval: 2, weekdays: ['TU'], count: 8 },
  },
  {
    name: 'Monthly finance close',
    organizer: 'elena',
    day: 4,
    start: '15:00',
    end: '16:30',
    color: '#fab005',
    departments: ['Finance', 'Management'],
    repeat: { period: 'month', count: 6 },
  },
  {
    name: 'All-hands: quarter results and roadmap',
    organizer: 'daniel',
    day: 10,
    start: '16:00',
    end: '17:00',
    color: '#7950f2',
    description: 'Results of the quarter, the roadmap for the next one, and your questions.',
    link: 'https://meet.northwind.example/all-hands',
    place: 'Atrium',
    public: true,
    departments: [
      'Management',
      'Product',
      'Engineering',
      'Marketing',
      'Sales',
      'Finance',
      'People',
      'Customer Support',
    ],
  },
  {
    name: 'Security awareness training',
    organizer: 'admin',
    day: 2,
    start: '11:00',
    end: '12:00',
    color: '#fa5252',
    description: 'Phishing, passwords and two-factor sign-in: 45 minutes and a short quiz.',
    link: 'https://meet.northwind.example/security',
    public: true,
    departments: ['Customer Support', 'Sales', 'Marketing'],
  },
  {
    name: 'Lunch & learn: writing good release notes',
    organizer: 'sofia',
    day: 4,
    start: '12:30',
    end: '13:30',
    color: '#e64980',
    place: 'Kitchen',
    public: true,
    departments: ['Product', 'Marketing'],
  },
  {
    name: 'Customer workshop with Contoso',
    organizer: 'priya',
    day: 8,
    start: '13:00',
    end: '16:00',
    color: '#fd7e14',
    place: 'Contoso office, Friedrichstraße 68',
    people: ['anna', 'tom', 'omar'],
  },
  {
    name: '1:1 Anna and Daniel',
    organizer: 'daniel',
    day: 3,
    start: '09:00',
    end: '09:30',
    color: '#868e96',
    people: ['anna'],
    repeat: { period: 'week', interval: 2, weekdays: ['TH'], count: 6 },
  },
  {
    name: 'Company offsite',
    organizer: 'daniel',
    day: 22,
    allDayLength: 2,
    color: '#12b886',
    description: 'Two days at the lake: strategy in the morning, boats in the afternoon.',
    place: 'Seehotel Werder',
    public: true,
    departments: [
      'Management',
      'Product',
      'Engineering',
      'Marketing',
      'Sales',
      'Finance',
      'People',
      'Customer Support',
    ],
  },
  {
    name: 'Sprint retrospective',
    organizer: 'lukas',
    day: -3,
    start: '15:00',
    end: '16:00',
    color: '#15aabf',
    departments: ['Engineering', 'Product'],
  },
];

const ANSWERS: EventAnswer[] = ['accept', 'accept', 'accept', 'maybe', 'decline', 'none', 'none'];

/** A believable month of the demo company's calendar around today: meetings, a weekly team meeting, an offsite. */
export async function seedEvents(tx: Tx, clientId: string): Promise<void> {
  // The demo workspace is created in its zone (bootstrap/demo.ts), so every module's demo reads the same one.
  const zone = (await workspaceTimeZone(tx, clientId)) ?? 'UTC';
  const people = await tx
    .select({ id: users.id, login: users.login, department: users.department })
    .from(users)
    .where(eq(users.clientId, clientId));
  const byLogin = new Map(people.map((p) => [p.login, p.id]));
  const today = floating(Date.now(), zone);
  const monday = today - (((new Date(today).getUTCDay() + 6) % 7) * DAY_MS + (today % DAY_MS));

  for (const [index, demo] of EVENTS.entries()) {
    const organizerId = byLogin.get(demo.organizer);
    if (!organizerId) continue;
    const date = dateOfFloat(monday + demo.day * DAY_MS);
    const allDay = demo.allDayLength !== undefined;
    const floatStart = allDay ? floatOf(date) : floatOf(date, demo.start);
    const floatEnd = allDay ? floatOf(date) + demo.allDayLength! * DAY_MS : floatOf(date, demo.end);
    const timing = { start: unfloat(floatStart, zone), end: unfloat(floatEnd, zone), allDay, timeZone: zone };
    const plan = demo.repeat ? seriesOf({ interval: 1, weekdays: [], ...demo.repeat }, date, timing, {}) : null;
    const [row] = await tx
      .insert(events)
      .values({
        clientId,
        name: demo.name,
        description: demo.description ?? '',
        color: demo.color,
        link: demo.link ?? '',
        place: demo.place ?? '',
        allDay,
        isPublic: demo.public ?? false,
        start: new Date(plan?.occurrences[0].start ?? timing.start),
        end: new Date(plan?.occurrences[0].end ?? timing.end),
        timeZone: zone,
        rrule: plan?.rrule ?? null,
        repeat: plan?.repeat ?? null,
        lastEnd: new Date(plan?.occurrences.at(-1)?.end ?? timing.end),
        organizerId,
        departments: demo.departments ?? [],
      })
      .returning({ id: events.id });
    const members = new Map<string, { via: 'person' | 'department'; department: string | null }>();
    for (const login of demo.people ?? []) {
      const id = byLogin.get(login);
      if (id) members.set(id, { via: 'person', department: null });
    }
    for (const person of people) {
      if (demo.departments?.includes(person.department) && !members.has(person.id)) {
        members.set(person.id, { via: 'department', department: person.department });
      }
    }
    members.delete(organizerId);
    await tx.insert(eventMembers).values([
      { clientId, eventId: row.id, userId: organizerId, answer: 'accept' },
      ...[...members].map(([userId, m], i) => ({
        clientId,
        eventId: row.id,
        userId,
        via: m.via,
        department: m.department,
        answer: ANSWERS[(i + index) % ANSWERS.length],
      })),
    ]);
    await tx.execute(recountStatement(row.id));
  }
}
