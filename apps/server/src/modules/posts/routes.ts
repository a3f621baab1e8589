// Spec portal §2 /company and /post/:_id, §3 Post, §4 "Feeds", §5 "Posts", §7 "Posts and comments"; modules §7 "Post views".
import {
  ackResult,
  allViewBody,
  allViewResult,
  createPostBody,
  feedPage,
  id,
  likeBody,
  likeResult,
  mustReadBody,
  pageParam,
  pageQuery,
  pinBody,
  postDto,
  postQuery,
  readReport,
  readReportQuery,
  remindResult,
  resultOf,
  singlePostDto,
  unseenQuery,
  unseenResult,
  updatePostBody,
  updateScheduledBody,
  viewBody,
  viewResult,
  viewsPage,
} from '@hallway/shared';
import { z } from 'zod';
import { assertOwnWorkspace } from '../../platform/access/tenancy.js';
import { XLSX_MIME } from '../../platform/files/sheet-cells.js';
import type { RequestContext } from '../../platform/http/context.js';
import type { App, ModuleRoutes, ModuleServices } from '../../platform/http/module.js';
import type { Platform } from '../../platform/index.js';
import { contentDisposition } from '../files/index.js';
import { wallComments } from './comments.js';
import { announce, announceLike, announcePost, announcePostDeleted, announceViewed } from './events.js';
import { CompanyPageCache } from './feed-cache.js';
import * as feeds from './feeds.js';
import { feedGroups, readableGroups } from './groups.js';
import { reactToPost, toggleStatement } from './likes.js';
import { presentNewPost } from './presenter.js';
import * as reading from './reading.js';
import {
  cancelScheduledPost,
  isScheduled,
  myScheduledPosts,
  schedulePost,
  startScheduledPosts,
  updateScheduledPost,
} from './scheduled.js';
import * as service from './service.js';
import { registerWidgetRoutes } from './widgets.js';

const wall = { feature: 'wall' } as const;
const idParams = z.object({ id });
const groupsOf = (ctx: RequestContext) => readableGroups(ctx, ctx.me().id);

function feedRoutes(app: App, platform: Platform, services: Partial<ModuleServices>) {
  const companyPages = new CompanyPageCache();
  app.get(
    '/api/post/news/:clientId/:page',
    {
      schema: {
        tags: ['posts'],
        summary: 'A page of the company feed (company and system posts, pinned first)',
        params: z.object({ clientId: id, page: pageParam }),
        response: { 200: feedPage },
      },
      config: {
        access: wall,
        // The first page, kept in memory per workspace (feed-cache.ts): one statement checks and completes it.
        quickRead: (req) => {
          const { clientId, page } = req.params as { clientId: string; page: number };
          return page === 0 ? feeds.keptNewsPage(companyPages, clientId) : null;
        },
      },
    },
    async (req) => {
      assertOwnWorkspace(req.ctx, req.params.clientId);
      return feeds.newsFeed(req.ctx, req.params.page, companyPages);
    },
  );

  app.get(
    '/api/post/user_feed/:userId/:page',
    {
      schema: {
        tags: ['posts'],
        summary: "A page of a person's feed: their posts and those of whom they follow",
        params: z.object({ userId: id, page: pageParam }),
        response: { 200: feedPage },
      },
      config: {
        access: wall,
        // On PostgreSQL the page is one statement in one round trip (the groups module gives its part as SQL).
        quickRead: (req) => {
          const { userId, page } = req.params as { userId: string; page: number };
          const groupWall = services.groupWall;
          if (platform.database.kind !== 'pg' || (groupWall && !groupWall.feedGroupsOfCaller)) return null;
          return feeds.userFeedRead(userId, page, groupWall?.feedGroupsOfCaller ?? null);
        },
      },
    },
    async (req) =>
      feeds.userFeed(req.ctx, req.params.userId, await feedGroups(req.ctx, req.ctx.me().id), req.params.page),
  );

  const paged = { tags: ['posts'], params: idParams, querystring: pageQuery, response: { 200: feedPage } };
  app.get(
    '/api/post/client/:id',
    {
      schema: { ...paged, summary: "A page of the workspace's posts the caller may read" },
      config: { access: wall, params: { id: 'client' } },
    },
    async (req) => {
      assertOwnWorkspace(req.ctx, req.params.id);
      return feeds.workspaceFeed(req.ctx, await groupsOf(req.ctx), req.query.page);
    },
  );
  app.get(
    '/api/post/follows/:id',
    {
      schema: { ...paged, summary: 'A page of posts by the people a person follows' },
      config: { access: wall, params: { id: 'user' } },
    },
    async (req) => feeds.followsFeed(req.ctx, req.params.id, req.query.page),
  );
  app.get(
    '/api/post/user/:id',
    { schema: { ...paged, summary: "A page of a person's posts" }, config: { access: wall, params: { id: 'user' } } },
    async (req) => feeds.authorFeed(req.ctx, req.params.id, await groupsOf(req.ctx), req.query.page),
  );
  // A group's own feed exists with the groups module (groups.ts), which also gives the isolation suite its groups.
  if (services.groupWall) {
    app.get(
      '/api/post/group/:id',
      { schema: { ...paged, summary: "A page of a group's posts" }, config: { access: wall, params: { id: 'group' } } },
      async (req) => feeds.groupFeed(req.ctx, req.params.id, req.query.page),
    );
  }
  app.get(
    '/api/post/group/user/:id',
    {
      schema: { ...paged, summary: 'A page of posts in the groups both a person and the caller read' },
      config: { access: wall, params: { id: 'user' } },
    },
    async (req) => {
      const [mine, theirs] = await Promise.all([groupsOf(req.ctx), readableGroups(req.ctx, req.params.id)]);
      const both = mine.filter((g) => theirs.includes(g));
      return feeds.groupsOfPersonFeed(req.ctx, req.params.id, both, req.query.page);
    },
  );
  app.get(
    '/api/post/mentions_feed/:id',
    {
      schema: { ...paged, summary: 'A page of posts that mention a person' },
      config: { access: wall, params: { id: 'user' } },
    },
    async (req) => feeds.mentionsFeed(req.ctx, req.params.id, await groupsOf(req.ctx), req.query.page),
  );
  app.get(
    '/api/post',
    {
      schema: {
        tags: ['posts'],
        summary: 'Search posts by parent, author, mention, kind or must-read state',
        querystring: postQuery,
        response: { 200: feedPage },
      },
      config: { access: wall, query: { author: 'user', mentioned: 'user', parent_id: 'client' } },
    },
    async (req) => feeds.filteredFeed(req.ctx, req.query, await groupsOf(req.ctx)),
  );
}

function postRoutes(app: App, platform: Platform) {
  app.get(
    '/api/post/:id',
    {
      schema: { tags: ['posts'], summary: 'Get a post', params: idParams, response: { 200: resultOf(singlePostDto) } },
      config: { access: wall },
    },
    async (req) => {
      const post = await service.presentOnePost(req.ctx, req.params.id);
      return { result: { ...post, comments: await wallComments(req.ctx).threadOfSubject(req.ctx, 'post', post._id) } };
    },
  );

  app.post(
    '/api/post',
    {
      schema: {
        tags: ['posts'],
        summary: 'Publish a post, now or at a later time',
        body: createPostBody,
        response: { 200: resultOf(postDto) },
      },
      config: {
        access: { ...wall, right: 'wall' },
        // A plain post is one statement in one round trip (service.ts `quickCreate`).
        quickWrite: (req, ctx) => {
          const body = req.body as z.infer<typeof createPostBody>;
          const quick = isScheduled(body) ? null : service.quickCreate(ctx, body);
          return (
            quick && {
              sql: quick.sql,
              answer: (_ctx, rows) => {
                const post = quick.answer(rows);
                announcePost(platform, ctx, 'post.created', post);
                return { result: post };
              },
            }
          );
        },
      },
    },
    async (req) => {
      // A later publication stays with its author until the job publishes it (scheduled.ts).
      if (isScheduled(req.body)) return { result: await schedulePost(platform, req.ctx, req.body) };
      const post = await presentNewPost(req.ctx, await service.createPost(req.ctx, req.body));
      announcePost(platform, req.ctx, 'post.created', post);
      return { result: post };
    },
  );

  app.get(
    '/api/post/scheduled',
    {
      schema: {
        tags: ['posts'],
        summary: "The caller's posts waiting for their publication time",
        response: { 200: resultOf(z.array(postDto)) },
      },
      config: { access: { ...wall, right: 'wall' } },
    },
    async (req) => ({ result: await myScheduledPosts(req.ctx) }),
  );

  app.delete(
    '/api/post/scheduled/:id',
    {
      schema: {
        tags: ['posts'],
        summary: 'Cancel a scheduled post',
        params: idParams,
        response: { 200: resultOf(z.object({ _id: z.string() })) },
      },
      config: { access: wall, params: { id: 'scheduled_post' } },
    },
    async (req) => {
      await cancelScheduledPost(req.ctx, req.params.id);
      return { result: { _id: req.params.id } };
    },
  );

  app.put(
    '/api/post/scheduled/:id',
    {
      schema: {
        tags: ['posts'],
        summary: 'Edit a scheduled post or its publication time',
        params: idParams,
        body: updateScheduledBody,
        response: { 200: resultOf(postDto) },
      },
      config: { access: { ...wall, right: 'wall' }, params: { id: 'scheduled_post' } },
    },
    async (req) => {
      const { post, published } = await updateScheduledPost(platform, req.ctx, req.params.id, req.body);
      if (published) announcePost(platform, req.ctx, 'post.created', post);
      return { result: post };
    },
  );

  app.put(
    '/api/post/:id',
    {
      schema: {
        tags: ['posts'],
        summary: 'Edit a post',
        params: idParams,
        body: updatePostBody,
        response: { 200: resultOf(postDto) },
      },
      config: { access: { ...wall, right: 'wall' } },
    },
    async (req) => {
      await service.updatePost(req.ctx, req.params.id, req.body);
      const post = await service.presentOnePost(req.ctx, req.params.id);
      announcePost(platform, req.ctx, 'post.updated', post);
      return { result: post };
    },
  );

  app.delete(
    '/api/post/:id',
    {
      schema: {
        tags: ['posts'],
        summary: 'Delete a post',
        params: idParams,
        response: { 200: resultOf(z.object({ _id: z.string() })) },
      },
      config: { access: wall },
    },
    async (req) => {
      const row = await service.deletePost(req.ctx, req.params.id);
      announcePostDeleted(platform, req.ctx, {
        _id: row.id,
        parent: { type: row.parentType, id: row.parentId, where: row.parentWhere },
      });
      return { result: { _id: row.id } };
    },
  );

  app.post(
    '/api/post/like',
    {
      schema: {
        tags: ['posts'],
        summary: 'Like or react to a post or comment, or take it back',
        body: likeBody,
        response: { 200: resultOf(likeResult) },
      },
      config: {
        access: wall,
        // A post's like is one statement in one round trip when it can be (likes.ts `toggleStatement`).
        quickWrite: (req, ctx) => {
          const { like_type, id, reaction } = req.body as z.infer<typeof likeBody>;
          if (like_type !== 'post') return null;
          const toggle = toggleStatement(ctx, id, reaction);
          return {
            sql: toggle.statement,
            answer: (_ctx, rows) => {
              const liked = toggle.answer(rows);
              if (!liked) return undefined;
              announceLike(platform, ctx, service.roomOf(liked.post), liked.result);
              return { result: liked.result };
            },
          };
        },
      },
    },
    async (req) => {
      const { like_type, id: target, reaction } = req.body;
      if (like_type === 'post') {
        const { result, post } = await reactToPost(req.ctx, target, reaction);
        announceLike(platform, req.ctx, service.roomOf(post), result);
        return { result };
      }
      const { result, subject } = await wallComments(req.ctx).reactToComment(req.ctx, like_type, target, reaction);
      announceLike(platform, req.ctx, subject.room, result);
      return { result };
    },
  );

  app.put(
    '/api/post/:id/must_read',
    {
      schema: {
        tags: ['posts'],
        summary: 'Mark a post must-read, or not (administrators)',
        params: idParams,
        body: mustReadBody,
        response: { 200: resultOf(postDto) },
      },
      config: { access: { ...wall, role: 'admin' } },
    },
    async (req) => {
      await service.setMustRead(req.ctx, req.params.id, req.body.mustRead);
      const post = await service.presentOnePost(req.ctx, req.params.id);
      announcePost(platform, req.ctx, 'post.updated', post);
      return { result: post };
    },
  );
}

function pinRoutes(app: App, platform: Platform) {
  app.put(
    '/api/post/:id/pin',
    {
      schema: {
        tags: ['posts'],
        summary: 'Pin a company post on top of the feed, or unpin it (administrators)',
        params: idParams,
        body: pinBody,
        response: { 200: resultOf(postDto) },
      },
      config: { access: { ...wall, role: 'admin' } },
    },
    async (req) => {
      await service.setPinned(req.ctx, req.params.id, req.body.pinned);
      const post = await service.presentOnePost(req.ctx, req.params.id);
      announcePost(platform, req.ctx, 'post.updated', post);
      return { result: post };
    },
  );
}

function readingRoutes(app: App, platform: Platform) {
  app.put(
    '/api/post/all/view',
    {
      schema: {
        tags: ['posts'],
        summary: 'Mark every post of a feed viewed',
        body: allViewBody,
        response: { 200: allViewResult },
      },
      config: { access: wall },
    },
    async (req) => {
      const answer = await reading.viewAll(req.ctx, req.body.user_id, req.body.where, await groupsOf(req.ctx));
      announceViewed(platform, req.ctx, { postIds: answer.postIds, where: answer.notifSec, all: true });
      return answer;
    },
  );

  app.get(
    '/api/post/unseen',
    {
      schema: {
        tags: ['posts'],
        summary: 'How many posts of each feed the caller has not seen',
        querystring: unseenQuery,
        response: { 200: unseenResult },
      },
      config: { access: wall },
    },
    async (req) => reading.unseenCount(req.ctx, req.query.where, await groupsOf(req.ctx)),
  );

  app.put(
    '/api/post/:id/view',
    {
      schema: {
        tags: ['posts'],
        summary: 'Count a view of a post',
        params: idParams,
        body: viewBody,
        response: { 200: viewResult },
      },
      config: { access: wall },
    },
    async (req) => {
      const answer = await reading.addView(req.ctx, req.params.id, req.body.user_id, req.body.where);
      if (answer.counted)
        announceViewed(platform, req.ctx, { postIds: [answer.post_id], where: answer.where, all: false });
      return answer;
    },
  );

  app.get(
    '/api/post/:id/views',
    {
      schema: {
        tags: ['posts'],
        summary: 'Who viewed a post',
        params: idParams,
        querystring: pageQuery,
        response: { 200: viewsPage },
      },
      config: { access: wall },
    },
    async (req) => reading.listViews(req.ctx, req.params.id, req.query.page),
  );

  app.put(
    '/api/post/:id/ack',
    {
      schema: {
        tags: ['posts'],
        summary: 'Confirm having read a must-read post',
        params: idParams,
        response: { 200: resultOf(ackResult) },
      },
      config: { access: wall },
    },
    async (req) => {
      const { result, unread } = await reading.acknowledge(req.ctx, req.params.id);
      const room = `user:${req.ctx.me().id}`;
      announce(platform, req.ctx, room, 'post.acknowledged', result);
      if (unread) announce(platform, req.ctx, room, 'notification.read', { unread });
      return { result };
    },
  );

  app.get(
    '/api/post/:id/read_report',
    {
      schema: {
        tags: ['posts'],
        summary: 'Who confirmed a must-read post and who did not yet',
        params: idParams,
        querystring: readReportQuery,
        response: { 200: readReport },
      },
      config: { access: wall },
    },
    async (req) => reading.readReport(req.ctx, req.params.id, req.query.status, req.query.page),
  );

  app.post(
    '/api/post/:id/remind',
    {
      schema: {
        tags: ['posts'],
        summary: 'Remind those who have not confirmed a must-read post',
        params: idParams,
        response: { 200: resultOf(remindResult) },
      },
      config: { access: wall },
    },
    async (req) => ({ result: await reading.remindPending(req.ctx, req.params.id) }),
  );

  app.get(
    '/api/post/:id/read_report/export',
    {
      schema: { tags: ['posts'], summary: 'The read report as an xlsx workbook (streamed)', params: idParams },
      config: { access: wall },
    },
    async (req, reply) => {
      const workbook = await reading.exportReadReport(req.ctx, req.params.id);
      return reply
        .type(XLSX_MIME)
        .header('Content-Disposition', contentDisposition(XLSX_MIME, workbook.name))
        .header('Cache-Control', 'no-store')
        .send(workbook.stream);
    },
  );
}

export const postsModule: ModuleRoutes = {
  name: 'posts',
  async routes(app, platform, services) {
    feedRoutes(app, platform, services);
    postRoutes(app, platform);
    pinRoutes(app, platform);
    readingRoutes(app, platform);
    registerWidgetRoutes(app);
    await startScheduledPosts(platform, services, app.log);
  },
};
