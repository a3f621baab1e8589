import { v7 as uuid } from 'uuid';
import { z } from 'zod';
import { insertRows } from '../lib/db.mjs';
import { DEPARTMENTS } from './vocabulary.mjs';
import { POST_SENTENCES } from './wall-vocabulary.mjs';

const RU_TOPICS = ['Отпуск', 'Командировки', 'Безопасность', 'Доступ к VPN', 'Закупки', 'Онбординг', 'Склад', 'Бюджет'];
const RU_SENTENCES = [
  'Заявление на отпуск подаётся за две недели через портал.',
  'Командировочные расходы возмещаются по чекам в течение месяца.',
  'Пароли меняются каждые девяносто дней, двухфакторный вход обязателен.',
  'Доступ к серверам выдаёт служба поддержки по заявке руководителя.',
  'Закупки свыше лимита согласует финансовый отдел.',
  'Новые сотрудники проходят инструктаж по охране труда в первый день.',
  'Отгрузки со склада планируются накануне до шестнадцати часов.',
  'Бюджет отдела утверждается в конце каждого квартала.',
];
/**
 * What an article is about besides its topic's common sentences: one of these things in a sentence of its own, so a
 * search for one (a printer, a badge) finds a few hundred of 20,000 articles, as searches of a real knowledge base do,
 * where the common sentences' words each find thousands.
 */
const RU_THINGS = [
  'принтер',
  'пропуск',
  'ноутбук',
  'монитор',
  'переговорная',
  'парковка',
  'бухгалтерия',
  'страховка',
  'больничный',
  'аванс',
  'спецодежда',
  'кофемашина',
  'почта',
  'телефония',
  'гарнитура',
  'сейф',
  'архив',
  'курьер',
  'визитки',
  'банкомат',
  'шредер',
  'проектор',
  'библиотека',
  'спортзал',
];
const RU_PLACES = ['в московском офисе', 'на складе', 'в филиале', 'на ресепшене', 'в переговорной', 'на производстве'];
const EN_THINGS = [
  'printer',
  'badge',
  'laptop',
  'monitor',
  'whiteboard',
  'locker',
  'payroll',
  'insurance',
  'sick leave',
  'allowance',
  'headset',
  'courier',
  'projector',
  'library',
  'gym',
  'shredder',
  'wifi',
  'firewall',
  'invoice',
  'timesheet',
  'relocation',
  'mentorship',
  'pension',
  'visa',
];
const EN_PLACES = ['in the London office', 'at the warehouse', 'at the front desk', 'on the second floor', 'remotely'];
const thingSentence = (random, russian) =>
  russian
    ? `Вопросы про ${random.pick(RU_THINGS)} ${random.pick(RU_PLACES)} решает ${random.pick(DEPARTMENTS)[0]}.`
    : `Questions about the ${random.pick(EN_THINGS)} ${random.pick(EN_PLACES)} go to ${random.pick(DEPARTMENTS)[0]}.`;

const EN_TOPICS = [
  'Travel policy',
  'Security basics',
  'Expense reports',
  'Onboarding',
  'Release process',
  'Office rules',
];

const doc = (lines) => ({
  type: 'doc',
  content: lines.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })),
});

/**
 * The knowledge base (issue 28), in the first workspace only: `kbFolders` top folders, every other one open to one
 * department by an audience grant (so `access_for` has folder grants to walk), and `articles` articles spread over
 * them, their text in Russian or English, each with its first version. Nothing is written with `articles` at 0.
 * Publishes the folders with the department each is granted to (null: open to everyone) for the scenarios.
 */
export default {
  name: 'knowledge-base',
  after: ['clients', 'users'],
  options: {
    articles: z.coerce.number().int().min(0).max(1_000_000).default(0),
    kbFolders: z.coerce.number().int().min(1).max(10_000).default(200),
  },
  async run({ session, options, random, state }) {
    const counts = { articles: 0, article_versions: 0, audience_grants: 0 };
    if (!options.articles) return counts;
    if (session.kind === 'pg') await session.query('SET synchronous_commit = off');
    const ws = state.workspaces[0];
    const author = state.users.get(ws.id)[0];
    const now = Date.now();
    const nodes = [];
    const grants = [];
    const folders = [];
    for (let i = 0; i < options.kbFolders; i++) {
      const id = uuid({ msecs: now - (options.kbFolders - i) * 1000 });
      const granted = i % 2 === 1;
      const department = granted ? random.pick(DEPARTMENTS)[0] : null;
      folders.push({ id, granted, department });
      nodes.push([
        id,
        ws.id,
        null,
        'folder',
        `${random.pick(EN_TOPICS)} ${i + 1}`,
        null,
        '',
        i,
        author,
        granted,
        granted ? id : null,
      ]);
      if (granted) {
        const key = department.toLowerCase();
        grants.push([uuid(), ws.id, 'article', id, 'department', [department], [key], 'read']);
      }
    }
    const versions = [];
    for (let i = 0; i < options.articles; i++) {
      const folder = folders[i % folders.length];
      const russian = random.chance(0.5);
      const lines = Array.from({ length: random.int(3, 8) }, () =>
        random.pick(russian ? RU_SENTENCES : POST_SENTENCES),
      );
      lines.splice(random.int(0, lines.length), 0, thingSentence(random, russian));
      const title = `${random.pick(russian ? RU_TOPICS : EN_TOPICS)} ${i + 1}`;
      const id = uuid({ msecs: now - (options.articles - i) * 10 });
      const body = doc(lines);
      nodes.push([
        id,
        ws.id,
        folder.id,
        'article',
        title,
        JSON.stringify(body),
        lines.join('\n'),
        i,
        author,
        false,
        folder.granted ? folder.id : null,
      ]);
      versions.push([uuid(), ws.id, id, 1, title, JSON.stringify(body), lines.join('\n'), author]);
    }
    await insertRows(
      session,
      'articles',
      [
        'id',
        'client_id',
        'parent_id',
        'type',
        'title',
        'doc',
        'text',
        'order',
        'author_id',
        'own_grants',
        'grants_from',
      ],
      nodes,
      { casts: { doc: 'jsonb' } },
    );
    await insertRows(
      session,
      'article_versions',
      ['id', 'client_id', 'article_id', 'version', 'title', 'doc', 'text', 'author_id'],
      versions,
      { casts: { doc: 'jsonb' } },
    );
    await insertRows(
      session,
      'audience_grants',
      ['id', 'client_id', 'object_kind', 'object_id', 'audience', 'values', 'keys', 'level'],
      grants,
      { casts: { values: 'text[]', keys: 'text[]' } },
    );
    // The bench's knowledge-base rows open a folder their person reads through a grant (scenarios/knowledge-base.mjs).
    state.published.knowledgeBase = {
      workspace: ws.workspace,
      folders: folders.map((f) => ({ id: f.id, department: f.department })),
    };
    return { articles: nodes.length, article_versions: versions.length, audience_grants: grants.length };
  },
};
