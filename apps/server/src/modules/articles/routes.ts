// Modules §7 "Articles and vacancies", "Tags"; §3 Article / folder / file, Vacancy, Tag; §4, §5; docs/api.md
// "Knowledge base".

import { id, okResult, resultOf, storedFile } from '@hallway/shared';
import {
  articleDiffDto,
  articleDto,
  articleFilesBody,
  articleListQuery,
  articlePage,
  articleRightsBody,
  articleTree,
  articleVersionDto,
  attachTagBody,
  createArticleBody,
  createTagBody,
  deepCounts,
  favouriteBody,
  restoreBody,
  TAG_MODELS,
  TAG_MODULES,
  tagDto,
  tagListQuery,
  updateArticleBody,
  updateTagBody,
  vacancyRespondBody,
} from '@hallway/shared/articles';
import { z } from 'zod';
import { assertOwnWorkspace } from '../../platform/access/tenancy.js';
import type { ModuleRoutes } from '../../platform/http/module.js';
import * as service from './service.js';
import * as tagService from './tags.js';

const tags = ['articles'];
const signedIn = { signedIn: true } as const;
/** The knowledge base and vacancies share the article routes; the policy closes a section whose feature is off. */
const sections = {
  ...signedIn,
  featureFree: true,
  reason: 'knowledge base and vacancies share these routes; articlePolicy closes the section whose feature is off',
} as const;
const tagAccess = {
  ...signedIn,
  featureFree: true,
  reason: 'tags serve every module (knowledge base, vacancies, tasks, learning); tagPolicy decides by the tag module',
} as const;
const idParams = z.object({ id });
const one = { 200: resultOf(articleDto) };
const treeResult = { 200: resultOf(z.array(articleTree)) };
const version = z.coerce.number().int().min(1).max(1_000_000);

export const articlesModule: ModuleRoutes = {
  name: 'articles',
  routes(app, platform) {
    app.get(
      '/api/user/:client/articles/access_for/:user',
      {
        schema: {
          summary: 'The articles and folders a person may read, filtered and searched',
          tags,
          params: z.object({ client: id, user: id }),
          querystring: articleListQuery,
          response: { 200: articlePage },
        },
        config: { access: sections, query: { parent: 'article_folder', tags: 'tag' } },
      },
      async (req) => {
        assertOwnWorkspace(req.ctx, req.params.client);
        return service.listFor(req.ctx, req.params.user, req.query);
      },
    );

    for (const [path, read, summary] of [
      ['/api/article/breadcrumbs/:id', service.breadcrumbs, 'The folders from the top down to an article'],
      ['/api/article/full_tree/:id', service.fullTree, 'The whole tree below a folder'],
      ['/api/article/child/:id', service.childrenOf, 'The children of a folder, in their order'],
    ] as const) {
      app.get(
        path,
        { schema: { tags, summary, params: idParams, response: treeResult }, config: { access: sections } },
        async (req) => ({ result: await read(req.ctx, req.params.id) }),
      );
    }

    app.get(
      '/api/article/:id',
      {
        schema: { summary: 'An article or folder as the caller may read it', tags, params: idParams, response: one },
        config: { access: sections },
      },
      async (req) => ({ result: await service.getArticle(req.ctx, req.params.id) }),
    );

    app.post(
      '/api/article',
      {
        schema: { summary: 'Create a folder, an article or a vacancy', tags, body: createArticleBody, response: one },
        config: {
          access: sections,
          body: {
            parent: 'article_folder',
            cover: 'file',
            'tags[]': 'tag',
            'receivers[]': 'user',
            'mentions[]': 'user',
          },
        },
      },
      async (req) => ({ result: await service.createArticle(req.ctx, req.body) }),
    );

    app.put(
      '/api/article/:id',
      {
        schema: {
          summary: 'Save an article or folder (from the version it was read at)',
          tags,
          params: idParams,
          body: updateArticleBody,
          response: one,
        },
        config: {
          access: sections,
          body: { parent: 'article_folder', cover: 'file', 'receivers[]': 'user', 'mentions[]': 'user' },
        },
      },
      async (req) => ({ result: await service.updateArticle(req.ctx, req.params.id, req.body) }),
    );

    app.get(
      '/api/article/deep/:id',
      {
        schema: {
          summary: 'How many articles and files a deep delete would remove',
          tags,
          params: idParams,
          response: { 200: resultOf(deepCounts) },
        },
        config: { access: sections },
      },
      async (req) => ({ result: await service.deepCounts(req.ctx, req.params.id) }),
    );

    app.delete(
      '/api/article/deep/:id',
      {
        schema: {
          summary: 'Delete a folder with everything below it',
          tags,
          params: idParams,
          response: { 200: resultOf(deepCounts) },
        },
        config: { access: sections },
      },
      async (req) => ({ result: await service.deleteDeep(platform, req.ctx, req.params.id) }),
    );

    app.put(
      '/api/article/empty_as_articles/:id',
      {
        schema: {
          summary: 'Turn the empty folders below a folder into articles',
          tags,
          params: idParams,
          response: { 200: resultOf(z.object({ changed: z.number() })) },
        },
        config: { access: sections },
      },
      async (req) => ({ result: { changed: await service.emptyAsArticles(req.ctx, req.params.id) } }),
    );

    app.put(
      '/api/article/:client_id/order/:from/:to',
      {
        schema: {
          summary: 'Swap the order of two articles of one folder',
          tags,
          params: z.object({ client_id: id, from: id, to: id }),
          response: {
            200: resultOf(
              z.object({
                from: z.object({ _id: z.string(), order: z.number() }),
                to: z.object({ _id: z.string(), order: z.number() }),
              }),
            ),
          },
        },
        config: { access: sections, params: { from: 'article', to: 'article' } },
      },
      async (req) => {
        assertOwnWorkspace(req.ctx, req.params.client_id);
        return { result: await service.swapOrder(req.ctx, req.params.from, req.params.to) };
      },
    );

    app.put(
      '/api/article/:id/view/:user_id',
      {
        schema: {
          summary: "Count the caller's view of an article, once per person",
          tags,
          params: z.object({ id, user_id: id }),
          response: { 200: resultOf(z.object({ views: z.number(), viewed: z.boolean() })) },
        },
        config: { access: sections },
      },
      async (req) => ({ result: await service.addView(req.ctx, req.params.id, req.params.user_id) }),
    );

    app.put(
      '/api/article/:id/favourite',
      {
        schema: {
          summary: "Add an article to the caller's favourites or remove it",
          tags,
          params: idParams,
          body: favouriteBody,
          response: { 200: resultOf(z.object({ favourite: z.boolean() })) },
        },
        config: { access: sections },
      },
      async (req) => ({ result: await service.setFavourite(req.ctx, req.params.id, req.body.favourite) }),
    );

    app.put(
      '/api/article/:id/rights',
      {
        schema: {
          summary: "Set an article's or folder's audience grants",
          tags,
          params: idParams,
          body: articleRightsBody,
          response: one,
        },
        config: { access: sections },
      },
      async (req) => ({ result: await service.setRights(req.ctx, req.params.id, req.body.grants) }),
    );

    app.put(
      '/api/article/:id/add_files',
      {
        schema: {
          summary: 'Attach uploaded files to an article or folder',
          tags,
          params: idParams,
          body: articleFilesBody,
          response: one,
        },
        config: { access: sections, body: { 'files[]': 'file' } },
      },
      async (req) => ({ result: await service.addFiles(req.ctx, req.params.id, req.body.files) }),
    );

    app.put(
      '/api/article/:id/del_file/:file_id',
      {
        schema: {
          summary: 'Remove one file of an article or folder',
          tags,
          params: z.object({ id, file_id: id }),
          response: one,
        },
        config: { access: sections, params: { file_id: 'article_file' } },
      },
      async (req) => ({
        result: await service.deleteNodeFiles(platform, req.ctx, req.params.id, [req.params.file_id]),
      }),
    );

    app.put(
      '/api/article/:id/del_files',
      {
        schema: {
          summary: 'Remove several files of an article or folder',
          tags,
          params: idParams,
          body: articleFilesBody,
          response: one,
        },
        // A second attached file: `del_file` removes the first one.
        config: { access: sections, body: { 'files[]': 'article_file_2' } },
      },
      async (req) => ({ result: await service.deleteNodeFiles(platform, req.ctx, req.params.id, req.body.files) }),
    );

    app.get(
      '/api/article/:id/versions',
      {
        schema: {
          summary: "An article's saved versions, newest first",
          tags,
          params: idParams,
          response: { 200: resultOf(z.array(articleVersionDto)) },
        },
        config: { access: sections },
      },
      async (req) => ({ result: await service.versionsOf(req.ctx, req.params.id) }),
    );

    app.get(
      '/api/article/:id/diff/:from/:to',
      {
        schema: {
          summary: 'What changed between two versions of an article',
          tags,
          params: z.object({ id, from: version, to: version }),
          response: { 200: resultOf(articleDiffDto) },
        },
        config: { access: sections, params: { from: 'version', to: 'version' } },
      },
      async (req) => ({ result: await service.diffVersions(req.ctx, req.params.id, req.params.from, req.params.to) }),
    );

    app.put(
      '/api/article/:id/restore/:version',
      {
        schema: {
          summary: 'Restore an earlier version of an article as a new one',
          tags,
          params: z.object({ id, version }),
          body: restoreBody,
          response: one,
        },
        config: { access: sections },
      },
      async (req) => ({
        result: await service.restoreVersion(req.ctx, req.params.id, req.params.version, req.body.base_version),
      }),
    );

    app.post(
      '/api/article/vac_respond',
      {
        schema: {
          summary: 'Respond to a vacancy with a CV',
          tags,
          body: vacancyRespondBody,
          response: { 200: z.object({ result: z.boolean(), files: z.array(storedFile) }) },
        },
        config: {
          access: { ...signedIn, feature: 'vacancies' },
          body: { vacancy_id: 'vacancy', 'attachments[]': 'file' },
        },
      },
      async (req) => service.respondToVacancy(req.ctx, req.body),
    );

    // Tags per module.
    app.get(
      '/api/tag/:client_id/:module',
      {
        schema: {
          summary: 'The tags of a module',
          tags,
          params: z.object({ client_id: id, module: z.enum(TAG_MODULES) }),
          querystring: tagListQuery,
          response: { 200: z.object({ result: z.array(tagDto), can: z.object({ edit: z.boolean() }) }) },
        },
        config: { access: tagAccess, params: { module: 'tag_module' } },
      },
      async (req) => {
        assertOwnWorkspace(req.ctx, req.params.client_id);
        const tmpl = req.query.tmpl === undefined ? undefined : req.query.tmpl === '1';
        return tagService.listTags(req.ctx, req.params.module, tmpl);
      },
    );

    app.post(
      '/api/tag',
      {
        schema: { summary: 'Create a tag', tags, body: createTagBody, response: { 200: resultOf(tagDto) } },
        config: { access: tagAccess },
      },
      async (req) => {
        assertOwnWorkspace(req.ctx, req.body.client_id);
        return { result: await tagService.createTag(req.ctx, req.body) };
      },
    );

    app.put(
      '/api/tags/:id',
      {
        schema: {
          summary: 'Rename a tag',
          tags,
          params: idParams,
          body: updateTagBody,
          response: { 200: resultOf(tagDto) },
        },
        config: { access: tagAccess, params: { id: 'tag' } },
      },
      async (req) => ({ result: await tagService.updateTag(req.ctx, req.params.id, req.body) }),
    );

    app.delete(
      '/api/tag/:client_id/:tag_id',
      {
        schema: {
          summary: 'Delete a tag',
          tags,
          params: z.object({ client_id: id, tag_id: id }),
          response: { 200: okResult },
        },
        config: { access: tagAccess, params: { tag_id: 'tag' } },
      },
      async (req) => {
        assertOwnWorkspace(req.ctx, req.params.client_id);
        return { result: await tagService.deleteTag(req.ctx, req.params.tag_id) };
      },
    );

    const tagged = z.object({ model: z.enum(TAG_MODELS), item_id: id });
    app.put(
      '/api/tag/attach/to/:model/:item_id',
      {
        schema: { summary: 'Attach a tag to an object', tags, params: tagged, body: attachTagBody, response: one },
        config: { access: tagAccess, params: { model: 'tag_model', item_id: 'article' }, body: { tag_id: 'tag' } },
      },
      async (req) => ({ result: await service.tagArticle(req.ctx, req.params.item_id, req.body.tag_id, true) }),
    );

    app.put(
      '/api/tag/detach/:id/from/:model/:item_id',
      {
        schema: { summary: 'Detach a tag from an object', tags, params: tagged.extend({ id }), response: one },
        config: { access: tagAccess, params: { id: 'tag', model: 'tag_model', item_id: 'article' } },
      },
      async (req) => ({ result: await service.tagArticle(req.ctx, req.params.item_id, req.params.id, false) }),
    );
  },
};
