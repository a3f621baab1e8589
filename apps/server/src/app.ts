import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress, { type FastifyCompressOptions } from '@fastify/compress';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { UPLOAD_LIMIT_BYTES } from '@hallway/shared';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { modules as allModules } from './modules/index.js';
import { principalQuery } from './modules/users/principal.js';
import { installRouteGuard, type RegisteredRoute } from './platform/access/guard.js';
import { installThrottle, trustProxyOption } from './platform/auth/throttle.js';
import { registerErrorHandler } from './platform/errors/handler.js';
import { eventBusOf } from './platform/events/bus.js';
import { registerHealth } from './platform/health/routes.js';
import { type App, checkModules, type Module, servicesOf } from './platform/http/module.js';
import { refuseNulCharacters } from './platform/http/nul-guard.js';
import { openApiOptions } from './platform/http/openapi.js';
import { registerSecurityHeaders } from './platform/http/security-headers.js';
import { createSerializerCompiler } from './platform/http/serializer.js';
import type { Platform } from './platform/index.js';
import { bindSocketHandlers } from './platform/realtime/handlers.js';

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface BuildOptions {
  /** The process's logger (main.ts); without it Fastify logs at LOG_LEVEL, or not at all with `false`. */
  logger?: Logger | false;
  /** The modules to serve (modules/index.ts); tests add their own to plant a route or provide a service. */
  modules?: readonly Module[];
}

/** Registers the platform plugins, then every module (ARCHITECTURE "Layout"). */
export async function buildApp(platform: Platform, options: BuildOptions = {}) {
  const modules = options.modules ?? allModules;
  checkModules(modules);
  const domainEvents = eventBusOf(modules, platform);
  const services = { ...servicesOf(modules, platform), domainEvents };
  const app = Fastify({
    ...(options.logger
      ? { loggerInstance: options.logger as FastifyBaseLogger }
      : { logger: options.logger ?? { level: platform.config.logLevel } }),
    trustProxy: trustProxyOption(platform.config.trustProxy),
    bodyLimit: 5 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // Slow clients: the whole request must arrive in time, and a connection silent for a minute is closed.
    requestTimeout: platform.config.requestTimeoutMs,
    connectionTimeout: 60_000,
    // Shutdown 503s come from platform/health in the API's error format.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createSerializerCompiler(platform.config.env !== 'production'));
  registerErrorHandler(app);
  refuseNulCharacters(app);
  registerSecurityHeaders(app, platform.config);

  // Before every route: the plugin attaches itself to routes as they are declared.
  await app.register(compress, COMPRESSION);
  await app.register(swagger, openApiOptions);
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  installThrottle(app, platform.config);
  await app.register(multipart, { limits: { fileSize: UPLOAD_LIMIT_BYTES, files: 20, fields: 50 } });

  const routes: RegisteredRoute[] = installRouteGuard(app, {
    database: platform.database,
    tokens: platform.tokens,
    principal: principalQuery,
    services,
    principals: platform.principals,
  });

  registerHealth(app, platform);
  for (const module of modules) {
    await app.register(async (scope) => {
      // The guard gives the module's feature to every route that names none and checks its rights (resolveAccess).
      scope.decorate('accessOwner', { getter: () => module });
      await module.routes(scope, platform, services);
    });
  }

  platform.realtime.handle(
    bindSocketHandlers(modules.flatMap((m) => (m.socket ?? []).map((handler) => ({ module: m, handler })))),
    services,
  );
  await domainEvents.start(services, app.log);

  await registerWeb(app, platform.config.webDist ?? DEFAULT_WEB_DIST);
  return Object.assign(app, { routesRegistry: routes, services });
}

export type HallwayApp = Awaited<ReturnType<typeof buildApp>>;

/**
 * Compresses the API's JSON answers of 1 KiB and more (below that the saving is lost in the headers). Files and
 * downloads keep their bytes: pictures, archives and spreadsheets are compressed already, and a re-encoded stream
 * loses its length and ranges. The web build arrives pre-compressed (registerWeb) and carries its Content-Encoding,
 * which this plugin leaves alone.
 */
const COMPRESSION: FastifyCompressOptions = {
  encodings: ['br', 'gzip'],
  threshold: 1024,
  customTypes: /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/,
};

/**
 * Serves the built web app, answering index.html for the app's own routes. The build writes brotli and gzip copies
 * next to each text asset (apps/web/scripts/compress.mjs), so nothing is compressed per request; hashed assets are
 * cached for a year, the rest (index.html, robots.txt, favicon) is revalidated each time.
 */
async function registerWeb(app: App, root: string) {
  if (!existsSync(path.join(root, 'index.html'))) return;
  await app.register(fastifyStatic, { root, serve: false, preCompressed: true });
  app.get(
    '/*',
    {
      config: { access: { public: true, reason: 'the web app’s files, the same for everyone' } },
      schema: { hide: true },
    },
    async (req, reply) => {
      const url = req.url.split('?')[0];
      if (url.startsWith('/api/') || url.startsWith('/socket.io/')) {
        return reply.status(404).send({ message: 'Not found', code: 'not_found' });
      }
      const relative = path
        .normalize(decodeURIComponent(url))
        .replace(/^(\.\.[/\\])+/, '')
        .replace(/^\/+/, '');
      // The same address answers brotli, gzip or plain bytes: caches must keep them apart.
      reply.header('Vary', 'accept-encoding');
      if (
        relative &&
        (await stat(path.join(root, relative))
          .then((s) => s.isFile())
          .catch(() => false))
      ) {
        // Hashed files never change under their name: no validators or ranges (~100 bytes of headers each).
        if (relative.startsWith('assets/')) {
          return reply.sendFile(relative, {
            maxAge: '365d',
            immutable: true,
            etag: false,
            lastModified: false,
            acceptRanges: false,
          });
        }
        return reply.sendFile(relative, { maxAge: 0 });
      }
      reply.header('Cache-Control', 'no-cache');
      return reply.sendFile('index.html', { cacheControl: false });
    },
  );
}
