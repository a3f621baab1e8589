import { v7 as uuid } from 'uuid';
import { z } from 'zod';
import { insertRows } from '../lib/db.mjs';

const DAY = 86_400_000;
const MINUTE = 60_000;
/** Events spread over a year around today: half past, half ahead, like a calendar in use. */
const SPAN = 365 * DAY;
const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];
const NAMES = [
  'Team meeting',
  'Sprint planning',
  'Design review',
  '1:1',
  'Customer call',
  'Budget review',
  'Interview',
  'Lunch & learn',
  'Release go/no-go',
  'Quarterly planning',
  'Onboarding session',
  'Security training',
];
const COLORS = ['#228be6', '#40c057', '#fab005', '#fa5252', '#7950f2', '#15aabf', '#e64980', '#fd7e14'];
const ANSWERS = ['accept', 'accept', 'maybe', 'decline', 'none', 'none'];

const COLUMNS = [
  'id',
  'client_id',
  'name',
  'description',
  'color',
  'link',
  'place',
  'all_day',
  'public',
  'starts_at',
  'ends_at',
  'time_zone',
  'rrule',
  'repeat',
  'last_end',
  'organizer_id',
  'count_accept',
  'count_maybe',
  'count_decline',
  'count_none',
  'created',
  'updated',
];

/** The last occurrence's start of a UTC rule of `count` occurrences (months keep day ≤ 28, so they always exist). */
function lastStart(start, period, count) {
  if (period === 'day') return start + (count - 1) * DAY;
  if (period === 'week') return start + (count - 1) * 7 * DAY;
  const d = new Date(start);
  d.setUTCMonth(d.getUTCMonth() + count - 1);
  return d.getTime();
}

/**
 * The calendar (issue 16): `events` events in workspace #1 (the large one) and `eventsOther` in each other
 * workspace, `periodic` of them repeating (daily, weekly or monthly, 4–40 times) in UTC, 10% public, each with its
 * organizer and 2–8 members who answered, counters consistent with the member rows. The sampled people of each
 * workspace organize some, so the people the scenarios sign in as have events of their own.
 */
export default {
  name: 'events',
  after: ['clients', 'users'],
  options: {
    events: z.coerce.number().int().min(0).max(1_000_000).default(0),
    eventsOther: z.coerce.number().int().min(0).max(100_000).default(0),
    periodic: z.coerce.number().min(0).max(1).default(0.05),
  },
  async run({ session, options, random, state }) {
    const counts = { events: 0, event_members: 0 };
    if (session.kind === 'pg') await session.query('SET synchronous_commit = off');
    const now = Date.now();
    for (const ws of state.workspaces) {
      const total = ws.index === 0 ? options.events : options.eventsOther;
      if (!total) continue;
      const ids = state.users.get(ws.id);
      const sampled = state.sample.filter((p) => p.clientId === ws.id).map((p) => p.id);
      const rows = [];
      const members = [];
      // In start order, as a calendar fills: the start index grows from one end.
      const starts = Array.from({ length: total }, () => now - SPAN / 2 + random.int(0, SPAN)).sort((a, b) => a - b);
      for (const [i, raw] of starts.entries()) {
        const start = Math.floor(raw / (15 * MINUTE)) * 15 * MINUTE;
        const length = random.pick([15, 30, 30, 60, 60, 90, 120]) * MINUTE;
        const organizer =
          sampled.length && random.chance(0.02) ? random.pick(sampled) : ids[random.int(0, ids.length - 1)];
        let rrule = null;
        let repeat = null;
        let lastEnd = start + length;
        if (random.next() < options.periodic) {
          const period = random.pick(['day', 'week', 'week', 'week', 'month']);
          const count = random.int(4, 40);
          const first = new Date(start);
          if (period === 'month' && first.getUTCDate() > 28) first.setUTCDate(28);
          const weekday = WEEKDAYS[first.getUTCDay()];
          repeat = { period, interval: 1, weekdays: period === 'week' ? [weekday] : [], until: null, count };
          rrule = `FREQ=${{ day: 'DAILY', week: 'WEEKLY', month: 'MONTHLY' }[period]};INTERVAL=1${
            period === 'week' ? `;BYDAY=${weekday}` : ''
          };COUNT=${count}`;
          lastEnd = lastStart(first.getTime(), period, count) + length;
        }
        const id = uuid({ msecs: Math.min(start, now) });
        const people = new Set([organizer]);
        const wanted = random.int(2, 8);
        while (people.size < Math.min(wanted + 1, ids.length)) people.add(ids[random.int(0, ids.length - 1)]);
        const tally = { accept: 0, maybe: 0, decline: 0, none: 0 };
        for (const person of people) {
          const answer = person === organizer ? 'accept' : random.pick(ANSWERS);
          tally[answer]++;
          members.push([ws.id, id, person, answer]);
        }
        const created = new Date(Math.min(start, now) - DAY).toISOString();
        rows.push([
          id,
          ws.id,
          `${random.pick(NAMES)} #${i + 1}`,
          random.chance(0.5) ? 'Agenda in the document linked from the invitation.' : '',
          random.pick(COLORS),
          random.chance(0.4) ? `https://meet.example/${id.slice(-8)}` : '',
          random.chance(0.3) ? `Room ${random.int(1, 40)}` : '',
          false,
          random.chance(0.1),
          new Date(start).toISOString(),
          new Date(start + length).toISOString(),
          'UTC',
          rrule,
          repeat ? JSON.stringify(repeat) : null,
          new Date(lastEnd).toISOString(),
          organizer,
          tally.accept,
          tally.maybe,
          tally.decline,
          tally.none,
          created,
          created,
        ]);
      }
      await insertRows(session, 'events', COLUMNS, rows, { casts: { repeat: 'jsonb' }, batch: 2000 });
      await insertRows(session, 'event_members', ['client_id', 'event_id', 'user_id', 'answer'], members, {
        batch: 5000,
      });
      counts.events += rows.length;
      counts.event_members += members.length;
    }
    return counts;
  },
};
