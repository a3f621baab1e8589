import type { ArticleDoc } from '@hallway/shared/articles';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import { users } from '../users/tables.js';
import { articles, articleVersions, tagLinks, tags } from './tables.js';
import { articleText } from './text.js';

const doc = (...blocks: [string, string][]): ArticleDoc => ({
  type: 'doc',
  content: blocks.map(([kind, text]) =>
    kind === 'h'
      ? { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text }] }
      : { type: 'paragraph', content: [{ type: 'text', text }] },
  ),
});

const TREE = [
  {
    folder: 'Onboarding',
    articles: [
      [
        'Your first week',
        doc(
          ['h', 'Day one'],
          ['p', 'Collect your laptop at the IT desk on the second floor and sign in with the two-factor guide.'],
          ['h', 'Day two to five'],
          ['p', 'Meet your buddy, read the employee handbook and book the safety briefing.'],
        ),
      ],
      [
        'Office and canteen',
        doc([
          'p',
          'The office opens at 7:30. The canteen serves lunch from 11:30 to 14:30; the menu is on the useful links.',
        ]),
      ],
    ],
  },
  {
    folder: 'IT and security',
    articles: [
      [
        'Password and two-factor sign-in',
        doc([
          'p',
          'Use a password manager. Turn on two-factor sign-in in your profile; the helpdesk resets lost devices.',
        ]),
      ],
      [
        'VPN from home',
        doc(
          ['h', 'Install'],
          ['p', 'Install the VPN client from the software centre and sign in with your work account.'],
        ),
      ],
    ],
  },
] as const;

const list = (...items: string[]) => ({
  type: 'bulletList',
  content: items.map((text) => ({
    type: 'listItem',
    content: [{ type: 'paragraph', content: [{ type: 'text', text }] }],
  })),
});
const vacancyDoc = (intro: string, tasks: string[], offer: string[]): ArticleDoc => ({
  type: 'doc',
  content: [
    { type: 'paragraph', content: [{ type: 'text', text: intro }] },
    { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'What you will do' }] },
    list(...tasks),
    { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'What we offer' }] },
    list(...offer),
  ],
});

/** Open positions, each with its tag (the vacancies' own tags), salary range and a description people read. */
const VACANCIES = [
  {
    title: 'Senior backend developer',
    tag: 'Engineering',
    salaryFrom: 5200,
    salaryTo: 6800,
    doc: vacancyDoc(
      'TypeScript, PostgreSQL, a team of six. Hybrid, two office days a week.',
      ['Design and build the services behind the intranet', 'Review code and mentor two junior developers'],
      ['A budget for conferences and books', 'A quiet room on office days'],
    ),
  },
  {
    title: 'Warehouse shift lead',
    tag: 'Operations',
    salaryFrom: 3100,
    salaryTo: 3600,
    doc: vacancyDoc(
      'Lead a shift of twelve, plan loading with the dispatch team, forklift licence welcome.',
      ['Plan the shift and hand it over', 'Keep the safety checklist and train newcomers'],
      ['Shift allowance and a yearly bonus', 'Paid forklift and first-aid courses'],
    ),
  },
  {
    title: 'Account manager, DACH',
    tag: 'Sales',
    salaryFrom: 4200,
    salaryTo: null,
    doc: vacancyDoc(
      'Look after thirty customers in Germany, Austria and Switzerland; German and English required.',
      ['Run quarterly reviews with each customer', 'Find new needs with the product team'],
      ['A company car or a rail pass', 'Commission on renewals'],
    ),
  },
  {
    title: 'HR intern',
    tag: 'People',
    salaryFrom: null,
    salaryTo: 1400,
    doc: vacancyDoc(
      'Six months with the people team, from onboarding to the summer party.',
      ['Prepare the first week of new colleagues', 'Keep the knowledge base’s HR articles up to date'],
      ['A mentor from the people team', 'A good chance to stay'],
    ),
  },
];

/** The demo workspace's knowledge base (two folders of articles, tagged) and four open vacancies, each tagged. */
export async function seedArticles(tx: Tx, clientId: string): Promise<void> {
  const people = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.clientId, clientId), eq(users.deletionMark, false)))
    .limit(3);
  if (!people.length) return;
  const author = people[0].id;
  const [guide] = await tx.insert(tags).values({ clientId, module: 'knowl_base', name: 'Guide' }).returning();
  for (const [order, branch] of TREE.entries()) {
    const [folder] = await tx
      .insert(articles)
      .values({ clientId, section: 'article', type: 'folder', title: branch.folder, order, authorId: author })
      .returning();
    for (const [at, [title, body]] of branch.articles.entries()) {
      const [row] = await tx
        .insert(articles)
        .values({
          clientId,
          parentId: folder.id,
          title,
          doc: body,
          text: articleText(body),
          order: at,
          authorId: author,
        })
        .returning();
      await tx
        .insert(articleVersions)
        .values({ clientId, articleId: row.id, version: 1, title, doc: body, text: row.text, authorId: author });
      await tx.insert(tagLinks).values({ clientId, tagId: guide.id, model: 'article', itemId: row.id });
    }
  }
  const vacancyTags = new Map<string, string>();
  for (const v of VACANCIES) {
    if (vacancyTags.has(v.tag)) continue;
    const [tag] = await tx.insert(tags).values({ clientId, module: 'vacancies', name: v.tag }).returning();
    vacancyTags.set(v.tag, tag.id);
  }
  for (const [order, v] of VACANCIES.entries()) {
    const [row] = await tx
      .insert(articles)
      .values({
        clientId,
        section: 'vacancy',
        title: v.title,
        doc: v.doc,
        text: articleText(v.doc),
        order,
        authorId: author,
        salaryFrom: v.salaryFrom,
        salaryTo: v.salaryTo,
        receivers: people.slice(0, 2).map((p) => p.id),
      })
      .returning();
    await tx.insert(articleVersions).values({
      clientId,
      articleId: row.id,
      version: 1,
      title: v.title,
      doc: v.doc,
      text: row.text,
      authorId: author,
    });
    await tx.insert(tagLinks).values({ clientId, tagId: vacancyTags.get(v.tag)!, model: 'article', itemId: row.id });
  }
}
