// The demo workspace's learning: a published welcome course most newcomers went through, an information security
// course appointed to a group with a due date (one of them overdue), and a draft in the making. Lessons are real
// documents in the knowledge base's format; members' progress rows are written as learners would have left them,
// and then counted the way the service counts them, tests included (demo-tests.ts adds a test to each open course).
import type { ArticleBlock, ArticleDoc } from '@hallway/shared/articles';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import { users } from '../users/tables.js';
import { seedDemoTests } from './demo-tests.js';
import { recountRows } from './progress.js';
import { courseLessons, courseMembers, courses, lessonProgress } from './tables.js';

const DAY = 86_400_000;
const ago = (days: number, hour = 10) => new Date(Date.now() - days * DAY + (hour - 12) * 3_600_000);
const dayIn = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

const text = (t: string) => ({ type: 'text', text: t });
const p = (t: string): ArticleBlock => ({ type: 'paragraph', content: [text(t)] });
const h2 = (t: string): ArticleBlock => ({ type: 'heading', attrs: { level: 2 }, content: [text(t)] });
const list = (items: string[]): ArticleBlock => ({
  type: 'bulletList',
  content: items.map((i) => ({ type: 'listItem', content: [p(i)] })),
});
const docOf = (...content: ArticleBlock[]): ArticleDoc => ({ type: 'doc', content });

interface DemoLesson {
  title: string;
  doc: ArticleDoc;
}

interface DemoMember {
  login: string;
  /** Lessons learned, in order. */
  learned: number;
  due?: string;
  by?: string;
  /** Days ago they were assigned or joined. */
  since: number;
}

interface DemoCourse {
  key: 'welcome' | 'security' | 'feedback';
  title: string;
  description: string;
  status: 'draft' | 'appointed' | 'published';
  author: string;
  days: number;
  lessons: DemoLesson[];
  members: DemoMember[];
}

const COURSES: DemoCourse[] = [
  {
    key: 'welcome',
    title: 'Welcome to the company',
    description: 'Who we are, how we work together and where to find things. Start here in your first week.',
    status: 'published',
    author: 'hannah',
    days: 60,
    lessons: [
      {
        title: 'Who we are',
        doc: docOf(
          p(
            'Hallway started in 2014 as a team of five building software for facility managers. Today we are a ' +
              'little over a hundred people in three offices, and our products help more than 2,000 companies run ' +
              'their buildings.',
          ),
          h2('What we care about'),
          list([
            'Customers first: we measure ourselves by the problems we solve, not by the features we ship.',
            'Say it plainly: short messages, clear decisions, written down where others can find them.',
            'Help each other: nobody is too busy to answer a newcomer’s question.',
          ]),
          p('Your buddy for the first month is listed on your profile. Ask them anything — that is what they are for.'),
        ),
      },
      {
        title: 'How we work together',
        doc: docOf(
          p(
            'Most of our work happens in small teams of four to eight people. Each team plans its work every two ' +
              'weeks and shows what it finished at the Friday demo, which everybody is welcome to join.',
          ),
          h2('Meetings and messages'),
          p(
            'We keep meetings short and write an agenda in the invitation. Anything that does not need an answer ' +
              'today goes to the team’s chat rather than to a call. Decisions are written on the wall of the ' +
              'team’s group, so those who were not there can read why.',
          ),
          h2('Working hours'),
          p(
            'Core hours are 10:00 to 16:00; outside them, plan your day as suits you and your team. Put your ' +
              'vacations in the calendar at least two weeks ahead.',
          ),
        ),
      },
      {
        title: 'Where to find things',
        doc: docOf(
          p('The portal is the place to start. A quick map:'),
          list([
            'The knowledge base holds the handbooks: travel, expenses, equipment, security.',
            'The address book lists everyone with their phone, office and manager.',
            'Vacation requests and sick days go through the vacations page; HR approves them.',
            'IT questions: write to the service desk from the services page, or call 1234.',
          ]),
          p('When you have read this, mark the lesson learned — and welcome aboard!'),
        ),
      },
    ],
    members: [
      { login: 'anna', learned: 3, since: 45, by: 'hannah' },
      { login: 'priya', learned: 3, since: 40 },
      { login: 'tom', learned: 1, since: 12 },
      { login: 'yuki', learned: 0, since: 3 },
      { login: 'mateo', learned: 2, since: 8, by: 'hannah' },
    ],
  },
  {
    key: 'security',
    title: 'Information security basics',
    description: 'Passwords, phishing and handling customer data: the habits that keep us and our customers safe.',
    status: 'appointed',
    author: 'admin',
    days: 30,
    lessons: [
      {
        title: 'Passwords and two-factor sign-in',
        doc: docOf(
          p(
            'Most break-ins start with a stolen or guessed password. A long passphrase of four or five unrelated ' +
              'words is both harder to guess and easier to remember than a short password full of symbols.',
          ),
          list([
            'Use the company password manager; never reuse a work password anywhere else.',
            'Turn on two-factor sign-in for e-mail, the portal and the code repositories.',
            'Nobody from IT will ever ask you for your password — not by e-mail, not by phone.',
          ]),
        ),
      },
      {
        title: 'Recognising phishing',
        doc: docOf(
          p(
            'Phishing messages try to hurry you into clicking before you think. They often pretend to come from ' +
              'IT, a bank or a manager, and ask you to sign in, pay an invoice or open an attachment.',
          ),
          h2('Signs to look for'),
          list([
            'Urgency: "your account will be closed today".',
            'A sender address that does not match the name or the company.',
            'A link whose address differs from its text — hover before you click.',
          ]),
          p('Not sure? Report the message with the "Report phishing" button. A false alarm is never a problem.'),
        ),
      },
      {
        title: 'Handling customer data',
        doc: docOf(
          p(
            'Customer data stays in the systems approved for it: the CRM, the support desk and the production ' +
              'databases. Do not copy it to personal drives, USB sticks or private cloud folders.',
          ),
          p(
            'Lock your screen whenever you leave your desk, and share documents with named colleagues rather ' +
              'than with "anyone with the link".',
          ),
        ),
      },
    ],
    members: [
      { login: 'anna', learned: 1, due: dayIn(14), since: 10, by: 'admin' },
      { login: 'lukas', learned: 3, due: dayIn(14), since: 10, by: 'admin' },
      { login: 'omar', learned: 0, due: dayIn(-5), since: 25, by: 'admin' },
      { login: 'elena', learned: 2, due: dayIn(-2), since: 25, by: 'admin' },
      { login: 'jonas', learned: 0, due: dayIn(14), since: 10, by: 'admin' },
      { login: 'ines', learned: 3, due: dayIn(14), since: 10, by: 'admin' },
    ],
  },
  {
    key: 'feedback',
    title: 'Giving feedback that helps',
    description: 'How to give and receive feedback that people can act on. Work in progress.',
    status: 'draft',
    author: 'hannah',
    days: 2,
    lessons: [
      {
        title: 'Situation, behaviour, impact',
        doc: docOf(
          p(
            'Good feedback describes what happened, what the person did and what it led to — and leaves out ' +
              'guesses about why. "In Tuesday’s demo (situation) you walked the customer through every screen ' +
              '(behaviour); they signed the next phase that afternoon (impact)."',
          ),
        ),
      },
    ],
    members: [],
  },
];

/** The demo courses' ids by key. */
export type DemoCourses = Record<DemoCourse['key'], string>;

export async function seedLearning(tx: Tx, clientId: string): Promise<void> {
  await demoCourses(tx, clientId);
}

/** Writes the demo courses, their lessons, members and progress; answers the courses' ids by key. */
export async function demoCourses(tx: Tx, clientId: string): Promise<DemoCourses | null> {
  const people = await tx
    .select({ id: users.id, login: users.login })
    .from(users)
    .where(and(eq(users.clientId, clientId), eq(users.deletionMark, false)));
  const id = new Map(people.map((person) => [person.login, person.id]));
  if (!id.has('admin') || !id.has('anna')) return null;
  const ids = {} as DemoCourses;
  for (const demo of COURSES) {
    const [course] = await tx
      .insert(courses)
      .values({
        clientId,
        title: demo.title,
        description: demo.description,
        status: demo.status,
        authorId: id.get(demo.author) ?? id.get('admin')!,
        created: ago(demo.days),
        updated: ago(Math.max(0, demo.days - 3)),
      })
      .returning({ id: courses.id });
    ids[demo.key] = course.id;
    const lessons = await tx
      .insert(courseLessons)
      .values(
        demo.lessons.map((l, sort) => ({
          clientId,
          courseId: course.id,
          title: l.title,
          doc: l.doc,
          sort,
          created: ago(demo.days),
          updated: ago(demo.days),
        })),
      )
      .returning({ id: courseLessons.id, sort: courseLessons.sort });
    lessons.sort((x, y) => x.sort - y.sort);
    const members = demo.members.filter((m) => id.has(m.login));
    if (!members.length) continue;
    await tx.insert(courseMembers).values(
      members.map((m) => ({
        clientId,
        courseId: course.id,
        userId: id.get(m.login)!,
        due: m.due ?? null,
        assignedBy: m.by ? (id.get(m.by) ?? null) : null,
        assigned: ago(m.since),
        startedAt: m.learned > 0 ? ago(m.since - 1) : null,
        learnedAt: m.learned >= lessons.length ? ago(Math.max(0, m.since - 3), 15) : null,
      })),
    );
    const marks = members.flatMap((m) =>
      lessons.slice(0, m.learned).map((l, n) => ({
        clientId,
        lessonId: l.id,
        userId: id.get(m.login)!,
        courseId: course.id,
        learnedAt: ago(Math.max(0, m.since - 1 - n), 11 + n),
        seconds: 240 + ((n * 97 + m.login.length * 53) % 420),
      })),
    );
    if (marks.length) await tx.insert(lessonProgress).values(marks);
    // Status, percent and seconds as the service counts them (the learned dates above are kept).
    await recountRows(tx, clientId, course.id, null);
  }
  // Tests of the open courses, taken by their members; then everyone is counted again with them.
  const open = COURSES.filter((c) => c.status !== 'draft').map((c) => ids[c.key]);
  await seedDemoTests(tx, clientId, { courseIds: open });
  for (const courseId of open) await recountRows(tx, clientId, courseId, null);
  return ids;
}
