// Spec portal §7 "Upload", §8 "Call-level failures" (upload reasons), §9 limits: uploads and authorized downloads.
import { Readable } from 'node:stream';
import { id, okResult, uploadQuery, uploadResponse } from '@hallway/shared';
import { z } from 'zod';
import { secureCookies as secureFor, sessionCookies } from '../../platform/files/cookies.js';
import type { ModuleRoutes } from '../../platform/http/module.js';
import { contentDisposition } from './disposition.js';
import { downloadWorkspace } from './policy.js';
import { contentRange } from './range.js';
import * as service from './service.js';

/** Downloads are immutable (a new upload gets a new id) but private to the workspace. */
const CACHE_CONTROL = 'private, max-age=86400';

export const filesModule: ModuleRoutes = {
  name: 'files',
  routes(app, platform) {
    const secureCookies = (protocol: string) => secureFor(protocol, platform.config.publicUrl);
    app.post(
      '/api/upload',
      {
        schema: {
          tags: ['files'],
          summary: 'Upload files (multipart/form-data, one or more file parts)',
          description:
            '`?purpose=attachment` applies the post attachment limit (20 MB, 413 `attachment_too_big`) instead of ' +
            'the general 250 MB (413 `file_too_big`). Over the workspace quota: 413 `storage_limit`. A failing ' +
            'storage backend: 502 `upload_error` with `reason`.',
          querystring: uploadQuery,
          response: { 200: uploadResponse },
        },
        config: { access: { streaming: true } },
      },
      async (req) => {
        const limit = service.UPLOAD_LIMITS[req.query.purpose];
        // One byte over the limit reaches our counter, which refuses with the right code.
        const parts = req.isMultipart()
          ? req.files({ limits: { fileSize: limit.bytes + 1 } })
          : (async function* () {})();
        return { results: await service.uploadFiles(platform, req.ctx, parts, limit) };
      },
    );

    for (const variant of ['original', 'thumb'] as const) {
      app.get(
        variant === 'thumb' ? '/api/files/:id/thumb' : '/api/files/:id',
        {
          schema: {
            tags: ['files'],
            summary: variant === 'thumb' ? 'Download the thumbnail of an image' : 'Download a file',
            description: 'Also accepts the `hallway_session` cookie (see PUT /api/files/session) for `<img src>`.',
            params: z.object({ id }),
          },
          config: { access: { signedIn: true }, params: { id: 'file' } },
          // Files keep their bytes: a re-encoded body would lose its length and the meaning of byte ranges.
          compress: false,
        },
        async (req, reply) => {
          const headers = (file: { mime: string; name: string }) =>
            reply
              .type(file.mime)
              .header('X-Content-Type-Options', 'nosniff')
              .header('Content-Disposition', contentDisposition(file.mime, file.name))
              .header('Cache-Control', CACHE_CONTROL);
          if (variant === 'thumb') {
            const thumb = await service.openFile(platform, req.ctx, req.params.id, variant);
            return headers(thumb).send(thumb.stream);
          }
          // Without validators to compare, a conditional range (If-Range) is answered with the whole file.
          const range = req.headers['if-range'] === undefined ? req.headers.range : undefined;
          const file = await service.openFileRange(platform, req.ctx, req.params.id, range);
          reply.header('Accept-Ranges', 'bytes');
          if (file.kind === 'unsatisfiable') {
            // No bytes and nothing to keep: only the size, for the client to ask again within it.
            return reply.code(416).header('Content-Range', contentRange(file.size)).send();
          }
          headers(file);
          // HEAD runs this handler too, and Fastify would read the whole body through to discard it: the stored
          // bytes are let go, and an empty stream keeps the Content-Length (an absent body would answer 0).
          let body = file.stream;
          if (req.method === 'HEAD') {
            file.stream.destroy();
            body = Readable.from([]);
          }
          if (file.kind === 'part') {
            return reply
              .code(206)
              .header('Content-Range', contentRange(file.size, file.range))
              .header('Content-Length', file.range.end - file.range.start + 1)
              .send(body);
          }
          return reply.header('Content-Length', file.size).send(body);
        },
      );
    }

    app.put(
      '/api/files/session',
      {
        schema: {
          tags: ['files'],
          summary: 'Let the browser download files with a cookie',
          description:
            'Sets the HttpOnly `hallway_session` cookie (path /api/files) from the bearer token, for as long as the ' +
            'token lives; for a superadmin also `hallway_company` with the workspace chosen by X-COMPANY-ID. Call ' +
            'after sign-in, on start and when the superadmin changes workspace.',
          response: { 200: okResult },
        },
        config: { access: { workspace: 'optional' } },
      },
      async (req, reply) => {
        const token = req.headers.authorization?.split(' ')[1] ?? '';
        const payload = platform.tokens.verify(token);
        const company = downloadWorkspace(req.ctx);
        reply.header('Set-Cookie', sessionCookies(token, payload?.exp, company, secureCookies(req.protocol)));
        return { result: true };
      },
    );

    app.delete(
      '/api/files/session',
      {
        // Public: on logout the token may already be revoked, and clearing a cookie reveals nothing.
        schema: { tags: ['files'], summary: 'Forget the download cookies', response: { 200: okResult } },
        config: {
          access: {
            public: true,
            reason: 'on logout the token may already be revoked, and clearing a cookie reveals nothing',
          },
        },
      },
      async (req, reply) => {
        reply.header('Set-Cookie', sessionCookies('', undefined, '', secureCookies(req.protocol)));
        return { result: true };
      },
    );
  },
};
