import type { StoredFile } from '@hallway/shared';
import type { ArticleDoc, ArticleFile, ArticleSection, ArticleType } from '@hallway/shared/articles';
import { type SQL, sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from '../../platform/db/columns.js';
import { tenantKey, tenantReference } from '../../platform/db/tenant-keys.js';
import { clients } from '../clients/tables.js';
import { users } from '../users/tables.js';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The search document of a node: its title weighs A, its text B, each in the Russian and English stemmers and the
 * `simple` configuration (exact word forms, which is what Ukrainian gets: PostgreSQL ships no Ukrainian stemmer).
 */
const searchVector = (title: SQL, body: SQL) =>
  sql`setweight(to_tsvector('russian'::regconfig, ${title}), 'A') || setweight(to_tsvector('english'::regconfig, ${title}), 'A') || setweight(to_tsvector('simple'::regconfig, ${title}), 'A') || setweight(to_tsvector('russian'::regconfig, ${body}), 'B') || setweight(to_tsvector('english'::regconfig, ${body}), 'B') || setweight(to_tsvector('simple'::regconfig, ${body}), 'B')`;

/**
 * Folders and articles of the knowledge base and vacancies in one tree (modules §3 "Article / folder / file"):
 * `section` keeps the two trees apart, `order` sorts the children of a parent, `version` is the latest saved version
 * (article_versions). `grantsFrom` is the node whose audience grants apply — itself when it has its own, else its
 * folder's — kept by the service on every change of grants or place, so lists ask the grants once per node.
 */
export const articles = pgTable(
  'articles',
  {
    id: idColumn(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    parentId: uuid(),
    section: text().$type<ArticleSection>().notNull().default('article'),
    type: text().$type<ArticleType>().notNull().default('article'),
    title: text().notNull(),
    doc: jsonb().$type<ArticleDoc | null>(),
    /** The document's plain text (search, diffs, snippets). */
    text: text().notNull().default(''),
    order: integer().notNull().default(0),
    authorId: uuid()
      .notNull()
      .references(() => users.id),
    cover: jsonb().$type<StoredFile | null>(),
    files: jsonb().$type<ArticleFile[]>().notNull().default([]),
    salaryFrom: integer(),
    salaryTo: integer(),
    receivers: uuid().array().notNull().default([]),
    version: integer().notNull().default(1),
    /** The node has audience grants of its own (else it takes its folder's). */
    ownGrants: boolean().notNull().default(false),
    grantsFrom: uuid(),
    search: tsvector().generatedAlwaysAs((): SQL => searchVector(sql`"title"`, sql`"text"`)),
    created: createdAt(),
    updated: updatedAt(),
  },
  (t) => [
    tenantKey(t),
    tenantReference(t.parentId, t, 'cascade'),
    index('articles_children_idx').on(t.clientId, t.section, t.parentId, t.order),
    index('articles_parent_idx').on(t.parentId),
    index('articles_grants_idx').on(t.grantsFrom),
    // The nodes with grants of their own, asked once per list (policy.ts readableSql).
    index('articles_grant_holders_idx').on(t.clientId).where(sql`${t.ownGrants}`),
    index('articles_newest_idx').on(t.clientId, t.section, t.created),
    index('articles_search_idx').using('gin', t.search),
  ],
);
export type ArticleRow = typeof articles.$inferSelect;

/** Every saved state of an article: who saved it when; a restore is a new version naming the one it restored. */
export const articleVersions = pgTable(
  'article_versions',
  {
    id: idColumn(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    articleId: uuid().notNull(),
    version: integer().notNull(),
    title: text().notNull(),
    doc: jsonb().$type<ArticleDoc | null>(),
    text: text().notNull(),
    authorId: uuid()
      .notNull()
      .references(() => users.id),
    restoredFrom: integer(),
    created: createdAt(),
  },
  (t) => [
    uniqueIndex('article_versions_key').on(t.articleId, t.version),
    tenantReference(t.articleId, articles, 'cascade'),
  ],
);
export type ArticleVersionRow = typeof articleVersions.$inferSelect;

/** A person's view of an article, once (modules §4). */
export const articleViews = pgTable(
  'article_views',
  {
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    articleId: uuid().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.articleId, t.userId] }), tenantReference(t.articleId, articles, 'cascade')],
);

/** "My favourites". */
export const articleFavourites = pgTable(
  'article_favourites',
  {
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    articleId: uuid().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.articleId] }), tenantReference(t.articleId, articles, 'cascade')],
);

/** Tags of one module of a workspace (modules §3 "Tag"); `tmpl` marks the module's template tags. */
export const tags = pgTable(
  'tags',
  {
    id: idColumn(),
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    module: text().notNull(),
    name: text().notNull(),
    tmpl: boolean().notNull().default(false),
    created: createdAt(),
  },
  (t) => [tenantKey(t), uniqueIndex('tags_name_key').on(t.clientId, t.module, sql`lower(${t.name})`)],
);
export type TagRow = typeof tags.$inferSelect;

/** A tag on an object of its module (`model` names the kind: `article`). */
export const tagLinks = pgTable(
  'tag_links',
  {
    clientId: uuid()
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    tagId: uuid().notNull(),
    model: text().notNull(),
    itemId: uuid().notNull(),
    created: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tagId, t.model, t.itemId] }),
    tenantReference(t.tagId, tags, 'cascade'),
    index('tag_links_item_idx').on(t.model, t.itemId),
  ],
);
