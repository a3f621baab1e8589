import type { GrantLevel } from '@hallway/shared';
import type { ArticleCan, ArticleSection } from '@hallway/shared/articles';
import { type SQL, sql } from 'drizzle-orm';
import { type Grantee, grantedSql, grantLevelSql } from '../../platform/access/grants.js';
import type { RequestContext } from '../../platform/http/context.js';
import { type ArticleRow, articles } from './tables.js';

/**
 * Who reads and changes what in the knowledge base and vacancies (docs/api.md "Knowledge base"):
 * - a node without grants of its own takes its folder's (`grants_from`); a tree without any is open to everyone;
 * - under grants, a person reads a node when a grant gives them read or write (a matching `none` wins);
 * - the section's feature must be on (`knowl_base`, `vacancies`); administrators read and change everything;
 * - writing needs the section's right (`knowl_base`, `vacancies`) and being the author or granted `write`; adding
 *   into an open folder needs only the right; files also need `kb_files`; grants are set by the author.
 */
export const ARTICLE_KIND = 'article';

/** How the caller reaches a node: `open` (no grants on its path), the grants' level, or null (grants, none match). */
export type ArticleAccess = 'open' | GrantLevel | null;

const sectionFeature = (section: ArticleSection) => (section === 'vacancy' ? 'vacancies' : 'knowl_base');
const sectionRight = sectionFeature;

export const sectionOn = (ctx: RequestContext, section: ArticleSection): boolean =>
  ctx.hasFeature(sectionFeature(section));

/** The access of `who` to the `articles` row of the outer query, as a column. */
export function accessSql(clientId: string, who: Grantee): SQL<ArticleAccess> {
  return sql<ArticleAccess>`(CASE WHEN ${articles.grantsFrom} IS NULL THEN 'open'
    ELSE ${grantLevelSql(clientId, ARTICLE_KIND, articles.grantsFrom, who)} END)`;
}

/**
 * The `articles` rows `who` may read, computed in SQL (lists, `access_for`, search, widgets). The grants are asked
 * once per node that has its own (a hashed set of a few hundred folders), not once per article row.
 */
export function readableSql(clientId: string, who: Grantee, isAdmin: boolean): SQL<boolean> {
  if (isAdmin) return sql<boolean>`TRUE`;
  const holder = sql.raw('h.id');
  return sql<boolean>`(${articles.grantsFrom} IS NULL OR ${articles.grantsFrom} IN (SELECT h.id FROM articles h
    WHERE h.client_id = ${clientId} AND h.own_grants AND ${grantedSql(clientId, ARTICLE_KIND, holder, who, 'read')}))`;
}

/** The rows the caller may read. */
export const readableByCaller = (ctx: RequestContext, me: Grantee): SQL<boolean> =>
  readableSql(ctx.tenant(), me, ctx.isAdmin);

/** `access_for/{user}`: a person's own list, or anybody's for administrators. */
export const mayListFor = (ctx: RequestContext, userId: string): boolean => userId === ctx.me().id || ctx.isAdmin;

const reads = (access: ArticleAccess) => access === 'open' || access === 'read' || access === 'write';

/** Creating at the top of a section. */
export function topPolicy(ctx: RequestContext, section: ArticleSection): { create: boolean } {
  return { create: sectionOn(ctx, section) && (ctx.isAdmin || ctx.can(sectionRight(section))) };
}

/** What the caller may do with one node (sent as `can`; the service checks the same). */
export function articlePolicy(
  ctx: RequestContext,
  row: Pick<ArticleRow, 'authorId' | 'section' | 'type'>,
  access: ArticleAccess,
): ArticleCan {
  const on = sectionOn(ctx, row.section);
  const admin = on && ctx.isAdmin;
  const read = on && (ctx.isAdmin || reads(access));
  const right = read && ctx.can(sectionRight(row.section));
  const mine = row.authorId === ctx.me().id;
  const edit = admin || (right && (mine || access === 'write'));
  return {
    read,
    edit,
    delete: edit,
    rights: admin || (right && mine),
    files: edit && (admin || ctx.can('kb_files')),
    create: row.type === 'folder' && (admin || (right && (mine || access === 'write' || access === 'open'))),
    respond: read && row.section === 'vacancy' && row.type === 'article' && !mine,
  };
}

/** Tags: administrators and holders of the module's right keep a module's tags. */
export function tagPolicy(ctx: RequestContext, module: string): { edit: boolean } {
  const right = module === 'vacancies' ? 'vacancies' : module === 'knowl_base' ? 'knowl_base' : null;
  return { edit: ctx.isAdmin || (right !== null && ctx.can(right)) };
}
