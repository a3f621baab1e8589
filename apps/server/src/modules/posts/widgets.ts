// Spec portal §2 wall widgets, modules §7 "Clients": the thanks and birthdays widgets (and work anniversaries).
import {
  anniversaryDto,
  birthdayDto,
  birthdaysQuery,
  feedPage,
  IMPORTANT_IN_GROUPS_MAX,
  id,
  pageQuery,
  postDto,
  resultOf,
} from '@hallway/shared';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { assertOwnWorkspace } from '../../platform/access/tenancy.js';
import { rowsOf } from '../../platform/db/client.js';
import type { RequestContext } from '../../platform/http/context.js';
import type { App } from '../../platform/http/module.js';
import { upcomingAnniversaries, upcomingBirthdays } from '../users/index.js';
import { thanksFeed } from './feeds.js';
import { readableGroups } from './groups.js';
import { presentPosts } from './presenter.js';
import { loadPostViewsByIds } from './queries.js';

/** How far back the "important in groups" widget looks for much-discussed posts. */
const IMPORTANT_DAYS = 30;

/**
 * The "important in groups" widget (spec portal §2): must-read group posts the caller has not acknowledged yet, then
 * the most reacted and commented group posts of the last 30 days, among the groups the caller may read.
 */
async function importantInGroups(ctx: RequestContext) {
  const groups = await readableGroups(ctx, ctx.me().id);
  if (!groups.length) return [];
  const me = ctx.me().id;
  const rows = await rowsOf<{ id: string }>(
    ctx.db,
    sql`SELECT p.id FROM posts p
        WHERE p.client_id = ${ctx.tenant()} AND p.parent_type = 'group' AND p.parent_id = ANY(${sql.param(groups)}::uuid[])
          AND (p.must_read OR p.created > now() - make_interval(days => ${IMPORTANT_DAYS}))
        ORDER BY (p.must_read AND NOT EXISTS (SELECT 1 FROM post_acks a WHERE a.post_id = p.id AND a.user_id = ${me})) DESC,
          (p.created > now() - make_interval(days => ${IMPORTANT_DAYS})) DESC,
          p.likes_count + p.comments_count DESC, p.created DESC, p.id DESC
        LIMIT ${IMPORTANT_IN_GROUPS_MAX}`,
  );
  return presentPosts(
    ctx,
    await loadPostViewsByIds(
      ctx,
      rows.map((r) => r.id),
    ),
  );
}

export function registerWidgetRoutes(app: App) {
  app.get(
    '/api/clients/:id/all_thanks',
    {
      schema: {
        tags: ['posts'],
        summary: 'The latest thanks of the workspace (widget)',
        params: z.object({ id }),
        querystring: pageQuery,
        response: { 200: feedPage },
      },
      config: { access: { feature: 'wall' }, params: { id: 'client' } },
    },
    async (req) => {
      assertOwnWorkspace(req.ctx, req.params.id);
      return thanksFeed(req.ctx, await readableGroups(req.ctx, req.ctx.me().id), req.query.page);
    },
  );

  app.get(
    '/api/post/important_in_groups',
    {
      schema: {
        tags: ['posts'],
        summary: 'Important posts of groups the caller reads (widget)',
        response: { 200: resultOf(z.array(postDto)) },
      },
      config: { access: { feature: 'wall' } },
    },
    async (req) => ({ result: await importantInGroups(req.ctx) }),
  );

  app.get(
    '/api/clients/:id/birthdays',
    {
      schema: {
        tags: ['users'],
        summary: 'Birthdays around a date (widget)',
        params: z.object({ id }),
        querystring: birthdaysQuery,
        response: { 200: resultOf(z.array(birthdayDto)) },
      },
      config: { access: { feature: 'birthdays' }, params: { id: 'client' } },
    },
    async (req) => {
      assertOwnWorkspace(req.ctx, req.params.id);
      const today = req.query.date ?? new Date().toISOString().slice(0, 10);
      return { result: await upcomingBirthdays(req.ctx, today) };
    },
  );

  app.get(
    '/api/clients/:id/anniversaries',
    {
      schema: {
        tags: ['users'],
        summary: 'Work anniversaries around a date (widget)',
        params: z.object({ id }),
        querystring: birthdaysQuery,
        response: { 200: resultOf(z.array(anniversaryDto)) },
      },
      config: { access: { feature: 'birthdays' }, params: { id: 'client' } },
    },
    async (req) => {
      assertOwnWorkspace(req.ctx, req.params.id);
      const today = req.query.date ?? new Date().toISOString().slice(0, 10);
      return { result: await upcomingAnniversaries(req.ctx, today) };
    },
  );
}
