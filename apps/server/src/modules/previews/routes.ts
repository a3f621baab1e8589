// Link previews (issue 12; the spec is silent): the card under a post for a link to an intranet page.
import { linkPreviewDto, linkPreviewQuery, resultOf } from '@hallway/shared';
import type { ModuleRoutes } from '../../platform/http/module.js';
import * as service from './service.js';

export const previewsModule: ModuleRoutes = {
  name: 'previews',
  routes(app) {
    app.get(
      '/api/link/preview',
      {
        schema: {
          tags: ['previews'],
          summary: 'A preview of a link: title, description, picture',
          description:
            'The card of an intranet page (`/post|profile|group|project/<id>`) as the caller may see it; anything ' +
            'unknown, foreign, deleted or unreadable answers 404 `not_found`.',
          querystring: linkPreviewQuery,
          response: { 200: resultOf(linkPreviewDto) },
        },
        // The suite calls it with a path to A's group (isolation.ts).
        config: { access: { signedIn: true }, query: { path: 'preview_path' } },
      },
      async (req) => ({ result: await service.linkPreview(req.ctx, req.query.path) }),
    );
  },
};
