// The demo workspace's tests: each demo course gets a final test of five real questions, and the members who have
// started or learned the course have taken it — a passed attempt for those who learned it, a failed one (to try
// again) for those still learning — so the test page, the scores and the analytics' hardest questions have data.
// Called by demo.ts once the courses and their members exist (`ids.courseIds`).
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import {
  type AttemptLayout,
  attemptAnswers,
  courseLessons,
  courseMembers,
  courses,
  courseTests,
  type StoredAnswer,
  testAttempts,
  testQuestions,
} from './tables.js';

type Bank = { title: string; questions: { text: string; answers: [string, boolean][] }[] };

const SECURITY: Bank = {
  title: 'Security check',
  questions: [
    {
      text: 'An e-mail from "IT support" asks you to confirm your password through a link. What do you do?',
      answers: [
        ['Report it as phishing and delete it', true],
        ['Follow the link and confirm the password', false],
        ['Forward it to colleagues to ask what they think', false],
      ],
    },
    {
      text: 'Which of these passwords is the strongest?',
      answers: [
        ['correct-horse-battery-staple', true],
        ['Summer2024!', false],
        ['qwerty123', false],
      ],
    },
    {
      text: 'Which of these are signs of a phishing message?',
      answers: [
        ['Urgency: "your account will be closed today"', true],
        ['A sender address that does not match the company', true],
        ['Your manager’s usual signature', false],
        ['A link whose address differs from its text', true],
      ],
    },
    {
      text: 'You leave your desk for a coffee. What do you do with your computer?',
      answers: [
        ['Lock the screen (Win+L / Ctrl+Cmd+Q)', true],
        ['Nothing, it locks itself in an hour', false],
      ],
    },
    {
      text: 'Where may customer data be stored?',
      answers: [
        ['Only in the company’s approved systems', true],
        ['On a personal USB stick, if encrypted', false],
        ['In a private cloud folder', false],
      ],
    },
  ],
};

const WORKPLACE: Bank = {
  title: 'Final check',
  questions: [
    {
      text: 'Whom do you ask first about your vacation days?',
      answers: [
        ['HR, through the vacation request in the portal', true],
        ['The receptionist', false],
        ['Nobody: just take them', false],
      ],
    },
    {
      text: 'Where are the company’s policies and handbooks kept?',
      answers: [
        ['In the knowledge base of the portal', true],
        ['In the printed binder at reception only', false],
      ],
    },
    {
      text: 'Which of these belong to a good first week?',
      answers: [
        ['Meeting your mentor', true],
        ['Reading the onboarding course', true],
        ['Skipping the team stand-up', false],
      ],
    },
    {
      text: 'The fire alarm goes off. Where do you go?',
      answers: [
        ['To the assembly point in the courtyard, by the stairs', true],
        ['Back to your desk to get your laptop', false],
        ['To the lift', false],
      ],
    },
    {
      text: 'How do you report an idea to improve our work?',
      answers: [
        ['Through the ideas section of the portal', true],
        ['By e-mail to everyone', false],
      ],
    },
  ],
};

const DAY = 86_400_000;

/** A test with questions for each demo course, and attempts of its members. */
export async function seedDemoTests(tx: Tx, clientId: string, ids: { courseIds: string[] }): Promise<void> {
  if (!ids.courseIds.length) return;
  const rows = await tx
    .select({ id: courses.id, title: courses.title })
    .from(courses)
    .where(and(eq(courses.clientId, clientId), inArray(courses.id, ids.courseIds)));
  for (const [index, course] of rows.entries()) {
    const bank = /secur|phish|password|безопас|безпек/i.test(course.title) ? SECURITY : WORKPLACE;
    const lessons = await tx
      .select({ sort: courseLessons.sort })
      .from(courseLessons)
      .where(and(eq(courseLessons.clientId, clientId), eq(courseLessons.courseId, course.id)));
    const [test] = await tx
      .insert(courseTests)
      .values({
        clientId,
        courseId: course.id,
        title: bank.title,
        description: 'Five questions on what the course covered. You may try again as often as you like.',
        shuffleAnswers: true,
        timeLimit: index === 0 ? 10 : 0,
        passScore: 80,
        sort: Math.max(-1, ...lessons.map((l) => l.sort)) + 1,
      })
      .returning();
    const questions = await tx
      .insert(testQuestions)
      .values(
        bank.questions.map((q, sort) => ({
          clientId,
          testId: test.id,
          text: q.text,
          answers: q.answers.map(([text, correct]): StoredAnswer => ({ id: randomUUID(), text, correct })),
          sort,
        })),
      )
      .returning();
    questions.sort((x, y) => x.sort - y.sort);

    const members = await tx
      .select()
      .from(courseMembers)
      .where(and(eq(courseMembers.clientId, clientId), eq(courseMembers.courseId, course.id)))
      .orderBy(asc(courseMembers.assigned), asc(courseMembers.userId));
    for (const [m, member] of members.entries()) {
      if (member.status === 'not_started') continue;
      const learned = member.status === 'learned';
      // Who learned it passed (the first time or the second); the others missed two questions.
      const tries = learned && m % 2 === 1 ? [false, true] : [learned];
      const base = (member.learnedAt ?? member.startedAt ?? new Date(Date.now() - 5 * DAY)).getTime();
      for (const [n, passes] of tries.entries()) {
        const started = new Date(base - (tries.length - n) * 3_600_000);
        const finished = new Date(started.getTime() + (6 + ((m + n) % 5)) * 60_000);
        // Which questions this try gets wrong: none when passing, the two hardest (multi-answer and the password)
        // when not.
        const wrong = new Set(passes ? [] : [1, 2]);
        const layout: AttemptLayout[] = questions.map((q) => ({ q: q.id, a: q.answers.map((a) => a.id) }));
        const correct = questions.length - wrong.size;
        const score = Math.round((100 * correct) / questions.length);
        const [attempt] = await tx
          .insert(testAttempts)
          .values({
            clientId,
            testId: test.id,
            courseId: course.id,
            userId: member.userId,
            number: n + 1,
            started,
            deadline: test.timeLimit ? new Date(started.getTime() + test.timeLimit * 60_000) : null,
            finished,
            layout,
            total: questions.length,
            correct,
            score,
            passed: score >= test.passScore,
          })
          .returning();
        await tx.insert(attemptAnswers).values(
          questions.map((q, i) => {
            const right = q.answers.filter((a) => a.correct).map((a) => a.id);
            const miss = q.answers.find((a) => !a.correct)!.id;
            return {
              clientId,
              attemptId: attempt.id,
              questionId: q.id,
              answerIds: wrong.has(i) ? [miss] : right,
              correct: !wrong.has(i),
              answeredAt: new Date(started.getTime() + (i + 1) * 60_000),
            };
          }),
        );
      }
    }
  }
}
