import {
  type AudienceGrant,
  mentionIds,
  type PersonCard,
  POST_ATTACHMENT_LIMIT_BYTES,
  type StoredFile,
} from '@hallway/shared';
import {
  ARTICLE_PAGE_SIZE,
  type ArticleDto,
  type ArticleFile,
  type ArticleItem,
  type ArticleListQuery,
  type ArticleSection,
  type ArticleTreeNode,
  type CreateArticleBody,
  type TagDto,
  type UpdateArticleBody,
} from '@hallway/shared/articles';
import { diffLines } from 'diff';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  callerGrantPerson,
  deleteGrants,
  type GrantPerson,
  grantPerson,
  grantsOf,
  setGrants,
} from '../../platform/access/grants.js';
import { authorize } from '../../platform/access/tenancy.js';
import { rowsOf } from '../../platform/db/client.js';
import { AppError, badRequest, forbidden, invalidFields, notFound } from '../../platform/errors/app-error.js';
import type { RequestContext } from '../../platform/http/context.js';
import type { Platform } from '../../platform/index.js';
import { notify } from '../../platform/notify/notify.js';
import { deleteFiles, fileRefs, mailAttachments } from '../files/index.js';
import { assertActivePeople, personCardSql, personCards, personIsAdmin, unknownPerson } from '../users/index.js';
import {
  ARTICLE_KIND,
  type ArticleAccess,
  accessSql,
  articlePolicy,
  mayListFor,
  readableByCaller,
  readableSql,
  sectionOn,
  topPolicy,
} from './policy.js';
import { type ArticleRow, articleFavourites, articles, articleVersions, articleViews } from './tables.js';
import { attachTags, detachAll, detachTag, tagsOfItems } from './tags.js';
import { articleText } from './text.js';

/** The columns lists show (never the document or the search vector). */
const itemColumns = {
  id: articles.id,
  clientId: articles.clientId,
  parentId: articles.parentId,
  section: articles.section,
  type: articles.type,
  title: articles.title,
  order: articles.order,
  authorId: articles.authorId,
  cover: articles.cover,
  salaryFrom: articles.salaryFrom,
  salaryTo: articles.salaryTo,
  version: articles.version,
  grantsFrom: articles.grantsFrom,
  created: articles.created,
  updated: articles.updated,
};

function extras(ctx: RequestContext, me: GrantPerson) {
  const userId = ctx.me().id;
  return {
    access: accessSql(ctx.tenant(), me),
    author: personCardSql(articles.authorId) as SQL<PersonCard | null>,
    views: sql<number>`(SELECT count(*)::int FROM article_views v WHERE v.article_id = ${articles.id})`,
    favourite: sql<boolean>`EXISTS (SELECT 1 FROM article_favourites f WHERE f.article_id = ${articles.id} AND f.user_id = ${userId})`,
  };
}

type ItemRow = Pick<ArticleRow, keyof typeof itemColumns> & {
  access: ArticleAccess;
  author: PersonCard | null;
  views: number;
  favourite: boolean;
  snippet?: string;
};

function presentItem(ctx: RequestContext, r: ItemRow, tags: TagDto[]): ArticleItem {
  return {
    _id: r.id,
    client_id: r.clientId,
    parent: r.parentId,
    section: r.section,
    type: r.type,
    title: r.title,
    order: r.order,
    author: r.author ?? unknownPerson(r.authorId),
    created: new Date(r.created).toISOString(),
    updated: new Date(r.updated).toISOString(),
    cover: r.cover ?? null,
    tags,
    views: Number(r.views),
    favourite: r.favourite,
    version: r.version,
    salary_from: r.salaryFrom,
    salary_to: r.salaryTo,
    ...(r.snippet !== undefined ? { snippet: r.snippet } : {}),
    can: articlePolicy(ctx, r, r.access),
  };
}

async function presentItems(ctx: RequestContext, rows: ItemRow[]): Promise<ArticleItem[]> {
  const tags = await tagsOfItems(
    ctx,
    ARTICLE_KIND,
    rows.map((r) => r.id),
  );
  return rows.map((r) => presentItem(ctx, r, tags.get(r.id) ?? []));
}

/** A node the caller may read, with their access (404 `article_not_found` otherwise, as for a foreign id). */
async function findNode(ctx: RequestContext, id: string, lock = false) {
  const me = await callerGrantPerson(ctx);
  const query = ctx.db
    .select({ row: articles, access: accessSql(ctx.tenant(), me) })
    .from(articles)
    .where(and(eq(articles.id, id), eq(articles.clientId, ctx.tenant())));
  const [found] = lock ? await query.for('update', { of: articles }) : await query;
  if (!found) throw notFound('article_not_found');
  const can = articlePolicy(ctx, found.row, found.access);
  if (!can.read) throw notFound('article_not_found');
  return { row: found.row, access: found.access, can };
}

/**
 * A knowledge-base article (not a folder, not a vacancy) the caller may read, for a module that links to one (a
 * service's description): null for anything else, the `knowl_base` feature off included.
 */
export async function readableArticle(ctx: RequestContext, id: string): Promise<{ id: string; title: string } | null> {
  if (!ctx.hasFeature('knowl_base')) return null;
  const node = await findNode(ctx, id).catch((err) => {
    if (err instanceof AppError && err.status === 404) return null;
    throw err;
  });
  if (node?.row.section !== 'article' || node.row.type !== 'article') return null;
  return { id: node.row.id, title: node.row.title };
}

/** Every node of the subtree under `id` (itself included), with its depth. */
function subtreeSql(clientId: string, id: string): SQL {
  return sql`WITH RECURSIVE sub AS (
      SELECT id, type, files, 0 AS depth FROM articles WHERE id = ${id} AND client_id = ${clientId}
      UNION ALL SELECT a.id, a.type, a.files, sub.depth + 1 FROM articles a JOIN sub ON a.parent_id = sub.id
    )`;
}

/**
 * Keeps `grants_from` of the subtree under `id` true after its grants or its place changed: a node with grants of
 * its own names itself, any other its parent's.
 */
async function refreshGrantsFrom(ctx: RequestContext, id: string): Promise<void> {
  await ctx.db.execute(sql`WITH RECURSIVE t AS (
      SELECT a.id, CASE WHEN a.own_grants THEN a.id ELSE p.grants_from END AS gf
        FROM articles a LEFT JOIN articles p ON p.id = a.parent_id WHERE a.id = ${id} AND a.client_id = ${ctx.tenant()}
      UNION ALL
      SELECT c.id, CASE WHEN c.own_grants THEN c.id ELSE t.gf END FROM articles c JOIN t ON c.parent_id = t.id
    )
    UPDATE articles SET grants_from = t.gf FROM t WHERE articles.id = t.id AND articles.grants_from IS DISTINCT FROM t.gf`);
}

/** A folder of the section the caller may add to (400 `article_parent_invalid` for an article or another section). */
async function parentFolder(ctx: RequestContext, parentId: string, section: ArticleSection) {
  const parent = await findNode(ctx, parentId);
  if (parent.row.type !== 'folder' || parent.row.section !== section) {
    throw new AppError(400, 'article_parent_invalid', {}, { fields: { parent: 'article_parent_invalid' } });
  }
  return parent;
}

async function checkReceivers(ctx: RequestContext, ids: string[] | undefined) {
  if (ids?.length) await assertActivePeople(ctx, ids, 'receivers', 'user_not_found');
}

async function coverFile(ctx: RequestContext, id: string | null | undefined): Promise<StoredFile | null> {
  if (!id) return null;
  const [file] = await fileRefs(ctx, [id]);
  return file;
}

/** Tells the people newly mentioned in an article (mention markup in its text, or listed). */
async function tellMentioned(ctx: RequestContext, row: ArticleRow, listed: string[], before: string) {
  const had = new Set(mentionIds(before));
  const now = [...new Set([...listed, ...mentionIds(row.text)])].filter((id) => !had.has(id));
  if (!now.length) return;
  await assertActivePeople(ctx, now, 'mentions', 'mention_unknown');
  await notify(ctx, {
    code: 'articles.mention',
    recipients: now,
    vars: { title: row.title },
    link: `/article/${row.id}`,
  });
}

async function saveVersion(ctx: RequestContext, row: ArticleRow, restoredFrom: number | null = null) {
  await ctx.db.insert(articleVersions).values({
    clientId: row.clientId,
    articleId: row.id,
    version: row.version,
    title: row.title,
    doc: row.doc,
    text: row.text,
    authorId: ctx.me().id,
    restoredFrom,
  });
}

/** `POST api/article`: a folder or article (or vacancy) at the top or in a folder; its first version. */
export async function createArticle(ctx: RequestContext, body: CreateArticleBody): Promise<ArticleDto> {
  const clientId = ctx.tenant();
  if (body.parent) authorize((await parentFolder(ctx, body.parent, body.section)).can.create);
  else authorize(topPolicy(ctx, body.section).create);
  if (body.type === 'folder' && body.doc) throw badRequest('article_folder_no_doc');
  await checkReceivers(ctx, body.receivers);
  const doc = body.type === 'folder' ? null : (body.doc ?? { type: 'doc' as const, content: [] });
  const [last] = await rowsOf<{ order: number }>(
    ctx.db,
    sql`SELECT coalesce(max("order"), -1)::int AS order FROM articles
        WHERE client_id = ${clientId} AND section = ${body.section} AND parent_id IS NOT DISTINCT FROM ${body.parent ?? null}::uuid`,
  );
  const [row] = await ctx.db
    .insert(articles)
    .values({
      clientId,
      parentId: body.parent ?? null,
      section: body.section,
      type: body.type,
      title: body.title,
      doc,
      text: articleText(doc),
      order: Number(last.order) + 1,
      authorId: ctx.me().id,
      cover: await coverFile(ctx, body.cover),
      salaryFrom: body.salary_from ?? null,
      salaryTo: body.salary_to ?? null,
      receivers: body.receivers ?? [],
    })
    .returning();
  await saveVersion(ctx, row);
  if (body.grants?.length) await applyGrants(ctx, row.id, body.grants);
  else await refreshGrantsFrom(ctx, row.id);
  if (body.tags.length) {
    await attachTags(ctx, ARTICLE_KIND, row.id, body.tags, body.section === 'vacancy' ? 'vacancies' : 'knowl_base');
  }
  await tellMentioned(ctx, row, body.mentions ?? [], '');
  return getArticle(ctx, row.id);
}

/**
 * `PUT api/article/{id}`: changes the fields given. A new title or document is a new version, made from
 * `base_version` (409 `article_version_conflict` when someone saved in between). A new parent moves the node (never
 * into itself or below itself: 400 `article_move_into_itself`).
 */
export async function updateArticle(ctx: RequestContext, id: string, body: UpdateArticleBody): Promise<ArticleDto> {
  const node = await findNode(ctx, id, true);
  authorize(node.can.edit);
  const { row } = node;
  const from = body.salary_from !== undefined ? body.salary_from : row.salaryFrom;
  const to = body.salary_to !== undefined ? body.salary_to : row.salaryTo;
  if (from != null && to != null && from > to) throw invalidFields({ salary_from: 'vacancy_salary_range' });
  if (row.type === 'folder' && body.doc) throw badRequest('article_folder_no_doc');
  await checkReceivers(ctx, body.receivers);
  if (body.mentions?.length) await assertActivePeople(ctx, body.mentions, 'mentions', 'mention_unknown');
  const textChanged = (body.title !== undefined && body.title !== row.title) || body.doc !== undefined;
  if (textChanged) {
    if (body.base_version === undefined) throw invalidFields({ base_version: 'article_version_required' });
    if (body.base_version !== row.version) {
      throw new AppError(409, 'article_version_conflict', { version: row.version });
    }
  }
  const set: Partial<typeof articles.$inferInsert> = {};
  if (body.title !== undefined) set.title = body.title;
  if (body.doc !== undefined) {
    set.doc = body.doc ?? { type: 'doc', content: [] };
    set.text = articleText(set.doc);
  }
  if (body.cover !== undefined) set.cover = await coverFile(ctx, body.cover);
  if (body.salary_from !== undefined) set.salaryFrom = body.salary_from;
  if (body.salary_to !== undefined) set.salaryTo = body.salary_to;
  if (body.receivers !== undefined) set.receivers = body.receivers;
  if (textChanged) set.version = row.version + 1;
  let moved = false;
  if (body.parent !== undefined && body.parent !== row.parentId) {
    await assertMove(ctx, row, body.parent);
    set.parentId = body.parent;
    moved = true;
  }
  const [saved] = await ctx.db.update(articles).set(set).where(eq(articles.id, id)).returning();
  if (textChanged) {
    await saveVersion(ctx, saved);
    await tellMentioned(ctx, saved, body.mentions ?? [], row.text);
  }
  if (moved) await refreshGrantsFrom(ctx, id);
  return getArticle(ctx, id);
}

/** A move: into a folder of the same section the caller may add to, never into the node itself or below it. */
async function assertMove(ctx: RequestContext, row: ArticleRow, parentId: string | null) {
  if (parentId === null) {
    authorize(topPolicy(ctx, row.section).create);
    return;
  }
  const [below] = await rowsOf<{ id: string }>(
    ctx.db,
    sql`${subtreeSql(ctx.tenant(), row.id)} SELECT id FROM sub WHERE id = ${parentId}`,
  );
  if (below)
    throw new AppError(400, 'article_move_into_itself', {}, { fields: { parent: 'article_move_into_itself' } });
  authorize((await parentFolder(ctx, parentId, row.section)).can.create);
}

/** `GET api/article/{id}`: the node with its document, files, tags, people, and grants for those who set them. */
export async function getArticle(ctx: RequestContext, id: string): Promise<ArticleDto> {
  const me = await callerGrantPerson(ctx);
  const [r] = await ctx.db
    .select({
      ...itemColumns,
      ...extras(ctx, me),
      doc: articles.doc,
      files: articles.files,
      receivers: articles.receivers,
      viewed: sql<boolean>`EXISTS (SELECT 1 FROM article_views v WHERE v.article_id = ${articles.id} AND v.user_id = ${ctx.me().id})`,
    })
    .from(articles)
    .where(and(eq(articles.id, id), eq(articles.clientId, ctx.tenant())));
  if (!r) throw notFound('article_not_found');
  const [item] = await presentItems(ctx, [r]);
  if (!item.can.read) throw notFound('article_not_found');
  const cards = await personCards(ctx.db, r.receivers);
  return {
    ...item,
    doc: r.doc ?? null,
    files: r.files,
    receivers: r.receivers.map((p) => cards.get(p) ?? unknownPerson(p)),
    viewed: r.viewed,
    grants: item.can.rights ? await grantsOf(ctx, ARTICLE_KIND, id) : [],
    grants_from: r.grantsFrom,
  };
}

/** The search query of a text in every configuration the search vector holds. */
const tsQuery = (q: string) =>
  sql`(websearch_to_tsquery('russian', ${q}) || websearch_to_tsquery('english', ${q}) || websearch_to_tsquery('simple', ${q}))`;

/** A snippet of the title and text around the words found, marked `<b>…</b>` (all other `<` and `>` escaped). */
const snippetSql = (q: string) => {
  const doc = sql`replace(replace(replace(${articles.title} || ' — ' || ${articles.text}, '&', '&amp;'), '<', '&lt;'), '>', '&gt;')`;
  const options = 'StartSel=<b>, StopSel=</b>, MaxWords=30, MinWords=12, MaxFragments=2';
  return sql<string>`(CASE WHEN to_tsvector('russian', ${articles.title} || ' ' || ${articles.text}) @@ websearch_to_tsquery('russian', ${q})
      THEN ts_headline('russian', ${doc}, websearch_to_tsquery('russian', ${q}), ${options})
      ELSE ts_headline('english', ${doc}, websearch_to_tsquery('english', ${q}) || websearch_to_tsquery('simple', ${q}), ${options}) END)`;
};

/**
 * `GET api/user/{client}/articles/access_for/{user}`: what that person may read, filtered (parent, search, tags,
 * section, favourites, salary) and paged, all in one statement. The caller asks for themself; administrators for
 * anyone.
 */
export async function listFor(ctx: RequestContext, userId: string, query: ArticleListQuery) {
  authorize(mayListFor(ctx, userId));
  if (!sectionOn(ctx, query.section)) throw forbidden('feature_disabled');
  const clientId = ctx.tenant();
  const person = userId === ctx.me().id ? await callerGrantPerson(ctx) : await grantPerson(ctx, userId);
  if (!person) throw notFound('user_not_found');
  const admin = await personIsAdmin(ctx, userId);
  const where: SQL[] = [
    eq(articles.clientId, clientId),
    eq(articles.section, query.section),
    readableSql(clientId, person, admin),
  ];
  if (query.parent) {
    if (query.full === '1') {
      where.push(sql`${articles.id} IN (${subtreeSql(clientId, query.parent)} SELECT id FROM sub WHERE depth > 0)`);
    } else where.push(eq(articles.parentId, query.parent));
  } else if (query.full !== '1' && !query.search && !query.tags?.length && query.favourites !== '1') {
    where.push(sql`${articles.parentId} IS NULL`);
  }
  if (query.tags?.length) {
    where.push(sql`${articles.id} IN (SELECT l.item_id FROM tag_links l WHERE l.client_id = ${clientId}
      AND l.model = ${ARTICLE_KIND} AND l.tag_id = ANY(${sql.param(query.tags)}::uuid[]))`);
  }
  if (query.favourites === '1') {
    where.push(sql`${articles.id} IN (SELECT f.article_id FROM article_favourites f WHERE f.user_id = ${userId})`);
  }
  if (query.salary !== undefined) {
    where.push(
      sql`coalesce(${articles.salaryFrom}, 0) <= ${query.salary} AND coalesce(${articles.salaryTo}, ${query.salary}) >= ${query.salary}`,
    );
  }
  const search = query.search?.trim();
  if (search) where.push(sql`${articles.search} @@ ${tsQuery(search)}`);
  const order = search
    ? [desc(sql`ts_rank(${articles.search}, ${tsQuery(search)})`), asc(articles.id)]
    : query.sort === 'newest'
      ? [desc(articles.created), asc(articles.id)]
      : query.sort === 'popular'
        ? [desc(sql`(SELECT count(*) FROM article_views v WHERE v.article_id = ${articles.id})`), asc(articles.id)]
        : [asc(articles.order), asc(articles.created), asc(articles.id)];
  const rows = await ctx.db
    .select({
      ...itemColumns,
      ...extras(ctx, await callerGrantPerson(ctx)),
      ...(search ? { snippet: snippetSql(search) } : {}),
    })
    .from(articles)
    .where(and(...where))
    .orderBy(...order)
    .limit(ARTICLE_PAGE_SIZE)
    .offset(query.page * ARTICLE_PAGE_SIZE);
  // Counted apart: a window count would make PostgreSQL build the snippets and people of every hit, not of the page.
  const [counted] = await ctx.db
    .select({ total: sql<number>`count(*)::int` })
    .from(articles)
    .where(and(...where));
  const create = query.parent
    ? await findNode(ctx, query.parent).then(
        (n) => n.can.create,
        () => false,
      )
    : topPolicy(ctx, query.section).create;
  return {
    result: await presentItems(ctx, rows),
    total: Number(counted.total),
    page: query.page,
    can: { create },
  };
}

/** What a tree node shows, and the node made of it. */
const treeColumns = {
  id: articles.id,
  title: articles.title,
  type: articles.type,
  parent: articles.parentId,
  order: articles.order,
};
const treeNode = (r: {
  id: string;
  title: string;
  type: ArticleTreeNode['type'];
  parent: string | null;
  order: number;
}) => ({ _id: r.id, title: r.title, type: r.type, parent: r.parent, order: r.order }) satisfies ArticleTreeNode;

/** The readable nodes of a subtree (or of its children only), as tree nodes. */
async function treeOf(ctx: RequestContext, id: string, childrenOnly: boolean): Promise<ArticleTreeNode[]> {
  const node = await findNode(ctx, id);
  const me = await callerGrantPerson(ctx);
  const clientId = ctx.tenant();
  const rows = await ctx.db
    .select(treeColumns)
    .from(articles)
    .where(
      and(
        eq(articles.clientId, clientId),
        readableByCaller(ctx, me),
        childrenOnly
          ? eq(articles.parentId, node.row.id)
          : sql`${articles.id} IN (${subtreeSql(clientId, node.row.id)} SELECT id FROM sub WHERE depth > 0)`,
      ),
    )
    .orderBy(asc(articles.order), asc(articles.created), asc(articles.id));
  return rows.map(treeNode);
}

export const childrenOf = (ctx: RequestContext, id: string) => treeOf(ctx, id, true);
export const fullTree = (ctx: RequestContext, id: string) => treeOf(ctx, id, false);

/** `GET api/article/breadcrumbs/{id}`: the readable folders from the top down to the node, the node last. */
export async function breadcrumbs(ctx: RequestContext, id: string): Promise<ArticleTreeNode[]> {
  await findNode(ctx, id);
  const me = await callerGrantPerson(ctx);
  const clientId = ctx.tenant();
  const rows = await ctx.db
    .select({ ...treeColumns, depth: sql<number>`up.depth` })
    .from(
      sql`(WITH RECURSIVE up AS (
          SELECT id, parent_id, 0 AS depth FROM articles WHERE id = ${id} AND client_id = ${clientId}
          UNION ALL SELECT a.id, a.parent_id, up.depth + 1 FROM articles a JOIN up ON a.id = up.parent_id
        ) SELECT * FROM up) AS up`,
    )
    .innerJoin(articles, sql`${articles.id} = up.id`)
    .where(readableByCaller(ctx, me))
    .orderBy(desc(sql`up.depth`));
  return rows.map(treeNode);
}

/** What a deep delete of the node would remove. */
export async function deepCounts(ctx: RequestContext, id: string) {
  const node = await findNode(ctx, id);
  authorize(node.can.delete);
  const [counts] = await rowsOf<{ folders: number; articles: number; files: number }>(
    ctx.db,
    sql`${subtreeSql(ctx.tenant(), id)} SELECT count(*) FILTER (WHERE type = 'folder')::int AS folders,
      count(*) FILTER (WHERE type = 'article')::int AS articles, coalesce(sum(jsonb_array_length(files)), 0)::int AS files FROM sub`,
  );
  return { folders: Number(counts.folders), articles: Number(counts.articles), files: Number(counts.files) };
}

/**
 * `DELETE api/article/deep/{id}`: the node with everything under it (versions, views, favourites, tags and grants
 * go with them; the attached files too). Answers what went.
 */
export async function deleteDeep(platform: Platform, ctx: RequestContext, id: string) {
  const counts = await deepCounts(ctx, id);
  const gone = await rowsOf<{ id: string; files: ArticleFile[] }>(
    ctx.db,
    sql`${subtreeSql(ctx.tenant(), id)} SELECT id, files FROM sub`,
  );
  const ids = gone.map((g) => g.id);
  await deleteGrants(ctx, ARTICLE_KIND, ids);
  await detachAll(ctx, ARTICLE_KIND, ids);
  await ctx.db.delete(articles).where(and(eq(articles.clientId, ctx.tenant()), inArray(articles.id, ids)));
  await deleteFiles(
    platform,
    ctx,
    gone.flatMap((g) => g.files.map((f) => f._id)),
  );
  return counts;
}

/** `PUT api/article/empty_as_articles/{id}`: the empty folders of the subtree become articles. Answers how many. */
export async function emptyAsArticles(ctx: RequestContext, id: string): Promise<number> {
  const node = await findNode(ctx, id, true);
  authorize(node.can.edit);
  const changed = await rowsOf<{ id: string }>(
    ctx.db,
    sql`${subtreeSql(ctx.tenant(), id)} UPDATE articles a SET type = 'article', doc = '{"type":"doc","content":[]}'::jsonb, updated = now()
      FROM sub WHERE a.id = sub.id AND a.type = 'folder' AND NOT EXISTS (SELECT 1 FROM articles c WHERE c.parent_id = a.id)
      RETURNING a.id`,
  );
  return changed.length;
}

/** `PUT api/article/{client}/order/{from}/{to}`: two nodes of one folder swap their `order` values. */
export async function swapOrder(ctx: RequestContext, fromId: string, toId: string) {
  const from = await findNode(ctx, fromId, true);
  const to = await findNode(ctx, toId, true);
  if (from.row.parentId !== to.row.parentId || from.row.section !== to.row.section) {
    throw badRequest('article_order_parent');
  }
  const parentCan = from.row.parentId
    ? (await findNode(ctx, from.row.parentId)).can.create
    : topPolicy(ctx, from.row.section).create;
  authorize(parentCan || (from.can.edit && to.can.edit));
  await ctx.db.update(articles).set({ order: to.row.order }).where(eq(articles.id, from.row.id));
  await ctx.db.update(articles).set({ order: from.row.order }).where(eq(articles.id, to.row.id));
  return { from: { _id: fromId, order: to.row.order }, to: { _id: toId, order: from.row.order } };
}

/** `PUT api/article/{id}/view/{user_id}`: the caller's view, counted once. */
export async function addView(ctx: RequestContext, id: string, userId: string) {
  if (userId !== ctx.me().id) throw forbidden();
  const { row } = await findNode(ctx, id);
  await ctx.db.insert(articleViews).values({ clientId: row.clientId, articleId: id, userId }).onConflictDoNothing();
  const [count] = await rowsOf<{ n: number }>(
    ctx.db,
    sql`SELECT count(*)::int AS n FROM article_views WHERE article_id = ${id}`,
  );
  return { views: Number(count.n), viewed: true };
}

/** `PUT api/article/{id}/favourite`: adds to or removes from the caller's favourites. */
export async function setFavourite(ctx: RequestContext, id: string, favourite: boolean) {
  const { row } = await findNode(ctx, id);
  const userId = ctx.me().id;
  if (favourite) {
    await ctx.db
      .insert(articleFavourites)
      .values({ clientId: row.clientId, articleId: id, userId })
      .onConflictDoNothing();
  } else {
    await ctx.db
      .delete(articleFavourites)
      .where(and(eq(articleFavourites.articleId, id), eq(articleFavourites.userId, userId)));
  }
  return { favourite };
}

/**
 * Grants of a node. A department named must be one of the workspace's people's (400 `fields.grants =
 * audience_department_unknown`), so a department of another workspace is refused, not silently matched nobody.
 */
async function applyGrants(ctx: RequestContext, id: string, grants: AudienceGrant[]) {
  const departments = [
    ...new Set(
      grants.filter((g) => g.audience === 'department').flatMap((g) => g.values.map((v) => v.trim().toLowerCase())),
    ),
  ];
  if (departments.length) {
    const known = await rowsOf<{ d: string }>(
      ctx.db,
      sql`SELECT DISTINCT lower(trim(department)) AS d FROM users WHERE client_id = ${ctx.tenant()} AND NOT deletion_mark
          AND lower(trim(department)) = ANY(${sql.param(departments)}::text[])`,
    );
    if (known.length !== departments.length) throw invalidFields({ grants: 'audience_department_unknown' });
  }
  await setGrants(ctx, ARTICLE_KIND, id, grants);
  await ctx.db
    .update(articles)
    .set({ ownGrants: grants.length > 0 })
    .where(eq(articles.id, id));
  await refreshGrantsFrom(ctx, id);
}

/** `PUT api/article/{id}/rights`: replaces the node's grants (an empty list: it takes its folder's again). */
export async function setRights(ctx: RequestContext, id: string, grants: AudienceGrant[]) {
  const node = await findNode(ctx, id, true);
  authorize(node.can.rights);
  await applyGrants(ctx, id, grants);
  return getArticle(ctx, id);
}

/** `PUT api/article/{id}/add_files`: uploaded files of the workspace join the node's files. */
export async function addFiles(ctx: RequestContext, id: string, fileIds: string[]) {
  const node = await findNode(ctx, id, true);
  authorize(node.can.files);
  const known = new Set(node.row.files.map((f) => f._id));
  const added = (await fileRefs(ctx, fileIds)).filter((f) => !known.has(f._id));
  const files: ArticleFile[] = [
    ...node.row.files,
    ...added.map((f) => ({
      _id: f._id,
      filename: f.name,
      filetype: f.mime,
      path: f.src,
      thumb: f.mini ?? null,
      size: f.size,
    })),
  ];
  await ctx.db.update(articles).set({ files }).where(eq(articles.id, id));
  return getArticle(ctx, id);
}

/** `PUT api/article/{id}/del_file/{file_id}` and `del_files`: the files leave the node and the storage. */
export async function deleteNodeFiles(platform: Platform, ctx: RequestContext, id: string, fileIds: string[]) {
  const node = await findNode(ctx, id, true);
  authorize(node.can.files);
  const wanted = new Set(fileIds);
  if (![...wanted].every((f) => node.row.files.some((x) => x._id === f))) throw notFound('article_file_not_found');
  await ctx.db
    .update(articles)
    .set({ files: node.row.files.filter((f) => !wanted.has(f._id)) })
    .where(eq(articles.id, id));
  await deleteFiles(platform, ctx, [...wanted]);
  return getArticle(ctx, id);
}

/** `GET api/article/{id}/versions`: the saved versions, newest first. */
export async function versionsOf(ctx: RequestContext, id: string) {
  await findNode(ctx, id);
  const rows = await ctx.db
    .select({
      version: articleVersions.version,
      title: articleVersions.title,
      author: personCardSql(articleVersions.authorId) as SQL<PersonCard | null>,
      authorId: articleVersions.authorId,
      created: articleVersions.created,
      restoredFrom: articleVersions.restoredFrom,
    })
    .from(articleVersions)
    .where(and(eq(articleVersions.articleId, id), eq(articleVersions.clientId, ctx.tenant())))
    .orderBy(desc(articleVersions.version));
  return rows.map((r) => ({
    version: r.version,
    title: r.title,
    author: r.author ?? unknownPerson(r.authorId),
    created: new Date(r.created).toISOString(),
    restored_from: r.restoredFrom,
  }));
}

async function version(ctx: RequestContext, id: string, number: number) {
  const [row] = await ctx.db
    .select()
    .from(articleVersions)
    .where(
      and(
        eq(articleVersions.articleId, id),
        eq(articleVersions.clientId, ctx.tenant()),
        eq(articleVersions.version, number),
      ),
    );
  if (!row) throw notFound('article_version_not_found');
  return row;
}

/** `GET api/article/{id}/diff/{from}/{to}`: what changed between two versions, line by line. */
export async function diffVersions(ctx: RequestContext, id: string, from: number, to: number) {
  await findNode(ctx, id);
  const [a, b] = [await version(ctx, id, from), await version(ctx, id, to)];
  const lines = diffLines(a.text ? `${a.text}\n` : '', b.text ? `${b.text}\n` : '').flatMap((part) =>
    part.value
      .replace(/\n$/, '')
      .split('\n')
      .map((text) => ({
        op: part.added ? ('added' as const) : part.removed ? ('removed' as const) : ('same' as const),
        text,
      })),
  );
  return { from, to, title: { from: a.title, to: b.title }, lines };
}

/** `PUT api/article/{id}/restore/{version}`: the old version becomes the newest one (a new version). */
export async function restoreVersion(ctx: RequestContext, id: string, number: number, baseVersion: number | undefined) {
  const node = await findNode(ctx, id, true);
  authorize(node.can.edit);
  if (baseVersion !== undefined && baseVersion !== node.row.version)
    throw new AppError(409, 'article_version_conflict', { version: node.row.version });
  const old = await version(ctx, id, number);
  const [saved] = await ctx.db
    .update(articles)
    .set({ title: old.title, doc: old.doc, text: old.text, version: node.row.version + 1 })
    .where(eq(articles.id, id))
    .returning();
  await saveVersion(ctx, saved, number);
  return getArticle(ctx, id);
}

/** `PUT api/tag/attach/to/article/{item_id}` and `detach`: the caller changes the node's tags. */
export async function tagArticle(ctx: RequestContext, id: string, tagId: string, attach: boolean) {
  const node = await findNode(ctx, id, true);
  authorize(node.can.edit);
  if (attach) {
    await attachTags(ctx, ARTICLE_KIND, id, [tagId], node.row.section === 'vacancy' ? 'vacancies' : 'knowl_base');
  } else await detachTag(ctx, ARTICLE_KIND, id, tagId);
  return getArticle(ctx, id);
}

/**
 * `POST api/article/vac_respond`: a response to a vacancy with the CV (files uploaded with
 * `POST api/upload?purpose=attachment`, at most 20 MB each: 413 `attachment_too_big`), told to its receivers by
 * notification and e-mail naming the files; the e-mail carries the files themselves (up to MAIL_FILES_LIMIT_BYTES
 * together, mailer.ts).
 */
export async function respondToVacancy(
  ctx: RequestContext,
  body: { vacancy_id: string; text: string; attachments: string[] },
) {
  const node = await findNode(ctx, body.vacancy_id).catch(() => {
    throw notFound('vacancy_not_found');
  });
  if (node.row.section !== 'vacancy' || node.row.type !== 'article') throw notFound('vacancy_not_found');
  authorize(node.can.respond);
  if (!node.row.receivers.length) throw badRequest('vacancy_no_receivers');
  const files = await fileRefs(ctx, body.attachments, { maxSize: POST_ATTACHMENT_LIMIT_BYTES });
  await notify(ctx, {
    code: 'articles.vacancy_response',
    recipients: node.row.receivers,
    vars: {
      title: node.row.title,
      text: body.text,
      files: files.map((f) => f.name).join(', '),
    },
    link: `/vacancy/${node.row.id}`,
    attachments: await mailAttachments(ctx, body.attachments),
  });
  return { result: true, files };
}
