import type { FeedPage, Reaction } from '@hallway/shared';
import { and, eq } from 'drizzle-orm';
import type { QuickRead } from '../../platform/access/guard.js';
import { CALLER } from '../../platform/db/security.js';
import type { TripStatement } from '../../platform/db/tenant.js';
import type { RequestContext } from '../../platform/http/context.js';
import type { PostView } from './presenter.js';
import { postCounts, type ReactionCountsRow } from './tables.js';

/**
 * The company feed's first page, kept in memory per workspace: most of a workspace reads the same page, and a
 * company wall is read far more than it is written. What is kept is what every reader sees alike (the posts, their
 * authors and mentioned people) with the version of the feed's counter row it was read at (`post_counts.version`,
 * moved by the triggers of the migration `company_feed_version` whenever any of that may have changed, on any path
 * and in any process). A reader's request then costs one statement in one round trip (the guard's `quickRead`):
 * the feed's version and total, and for the kept posts their counters (likes, reactions, comments, views,
 * acknowledgements: they change too often to keep) and the reader's own reaction, view and acknowledgement. When the
 * version differs, the request reads the page from the database as before and keeps the new one.
 *
 * Safe by construction: the statement runs under row-level security in the caller's workspace (another
 * workspace's counter row or posts are not there to be read), the cache is keyed by that workspace and checked
 * against it, and a page is kept with the version read before it in the same transaction, so it is never older
 * than its version says.
 */

type Shared = Pick<PostView, 'row' | 'author' | 'mentioned'>;

interface Kept {
  version: string;
  views: Shared[];
  /** The check statement of this page (the caller and the workspace come from the transaction's settings). */
  sql: TripStatement;
}

/** Workspaces whose page is kept at once; the least recently read goes first. */
const MAX_WORKSPACES = 2000;

const { tenant: TENANT, me: ME } = CALLER;

/** The statement that checks a kept page and reads what is per request. */
const checkStatement = (ids: string[]): TripStatement => ({
  name: 'company_page_check',
  types: ['uuid[]'],
  text: `SELECT c.count, c.version, p.id, p.likes_count, p.reactions, p.comments_count, p.views_count,
      p.acks_count,
      (SELECT r.reaction FROM post_reactions r WHERE r.post_id = p.id AND r.user_id = ${ME}) AS my_reaction,
      EXISTS (SELECT 1 FROM post_views v WHERE v.post_id = p.id AND v.user_id = ${ME}) AS viewed,
      (p.must_read AND EXISTS (SELECT 1 FROM post_acks a WHERE a.post_id = p.id AND a.user_id = ${ME})) AS acknowledged
    FROM post_counts c LEFT JOIN posts p ON p.client_id = c.client_id AND p.id = ANY($1)
    WHERE c.client_id = ${TENANT} AND c.feed = 'company' AND c.key = ${TENANT}`,
  values: [ids],
});

interface CheckRow {
  count: number | string;
  version: number | string;
  id: string | null;
  likes_count: number;
  reactions: ReactionCountsRow;
  comments_count: number;
  views_count: number;
  acks_count: number;
  my_reaction: Reaction | null;
  viewed: boolean;
  acknowledged: boolean;
}

export class CompanyPageCache {
  private readonly pages = new Map<string, Kept>();

  /** The company feed's version as the transaction sees it; read before the page that is kept with it. */
  async version(ctx: RequestContext): Promise<string | null> {
    const clientId = ctx.tenant();
    const [row] = await ctx.db
      .select({ version: postCounts.version })
      .from(postCounts)
      .where(and(eq(postCounts.clientId, clientId), eq(postCounts.feed, 'company'), eq(postCounts.key, clientId)));
    return row ? String(row.version) : null;
  }

  /** Keeps a first page read at `version` (null: the feed has no counter row yet, nothing is kept). */
  keep(clientId: string, version: string | null, views: PostView[]): void {
    if (version === null) return;
    this.pages.delete(clientId);
    if (this.pages.size >= MAX_WORKSPACES) this.pages.delete(this.pages.keys().next().value!);
    this.pages.set(clientId, {
      version,
      views: views.map(({ row, author, mentioned }) => ({ row, author, mentioned })),
      sql: checkStatement(views.map((v) => v.row.id)),
    });
  }

  /**
   * The guard's `quickRead` for the company feed's page 0 of `clientId` (from the path; the answer is given only
   * when it is the caller's workspace): null when nothing is kept for it.
   */
  read(clientId: string, present: (ctx: RequestContext, page: { views: PostView[]; total: number }) => FeedPage) {
    const kept = this.pages.get(clientId);
    if (!kept) return null;
    // Read most recently: it stays longest.
    this.pages.delete(clientId);
    this.pages.set(clientId, kept);
    return {
      sql: kept.sql,
      answer: (ctx, rows) => {
        const checked = rows as unknown as CheckRow[];
        if (ctx.clientId !== clientId || !checked.length || String(checked[0]!.version) !== kept.version) return;
        const fresh = new Map(checked.filter((r) => r.id !== null).map((r) => [r.id!, r]));
        const views: PostView[] = [];
        for (const { row, author, mentioned } of kept.views) {
          const now = fresh.get(row.id);
          if (!now) return;
          views.push({
            row: {
              ...row,
              likesCount: now.likes_count,
              reactions: now.reactions,
              commentsCount: now.comments_count,
              viewsCount: now.views_count,
              acksCount: now.acks_count,
            },
            author,
            mentioned,
            myReaction: now.my_reaction,
            viewed: now.viewed,
            acknowledged: now.acknowledged,
          });
        }
        return present(ctx, { views, total: Number(checked[0]!.count) });
      },
    } satisfies QuickRead;
  }

  /** How many workspaces have a page kept (tests). */
  get size(): number {
    return this.pages.size;
  }
}
