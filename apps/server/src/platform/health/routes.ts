// Health probes for load balancers and Kubernetes (docs/operations.md "Health probes"), and the 503s of a
// process on its way out.
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { messageText } from '../catalogues.js';
import { migrationsPending } from '../db/migrate.js';
import { RETRY_AFTER_SECONDS, sendUnavailable } from '../errors/handler.js';
import { trackConnections } from '../http/drain.js';
import type { App } from '../http/module.js';
import type { Platform } from '../index.js';

/** How long readiness waits for the database before calling it down. */
export const READY_TIMEOUT_MS = 2_000;

const checks = z.object({
  database: z.enum(['up', 'down']),
  migrations: z.enum(['done', 'pending', 'unknown']),
  /** Redis down is reported but keeps the process ready: realtime then reaches this process's sockets only. */
  redis: z.enum(['off', 'up', 'down']),
  shuttingDown: z.boolean(),
});
type Checks = z.infer<typeof checks>;

const LIVE = '/api/health/live';

/**
 * `GET /api/health/live`: the process answers. `GET /api/health/ready`: it can serve requests (the database
 * answers within READY_TIMEOUT_MS, migrations are applied, not shutting down); 503 otherwise.
 * Once the app starts closing, every other request is answered 503 with Retry-After and `Connection: close`.
 */
export function registerHealth(app: App, platform: Platform) {
  let shuttingDown = false;
  app.decorate('markShuttingDown', () => {
    shuttingDown = true;
  });
  const connections = trackConnections(app.server);
  app.addHook('preClose', async () => {
    shuttingDown = true;
    await connections.drain();
  });
  // Synchronous: it runs for every request.
  app.addHook('onRequest', (request, reply, done) => {
    if (shuttingDown && request.url.split('?')[0] !== LIVE) {
      sendUnavailable(reply, { close: true });
      return;
    }
    done();
  });

  app.get(
    LIVE,
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness: the process answers',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
      config: { access: { public: true, reason: 'load balancer probes: up or down states, no workspace data' } },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/api/health/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Readiness: the process can serve requests (database, migrations, not shutting down)',
        response: {
          200: z.object({ status: z.literal('ok'), checks }),
          // Without `checks` once the process is shutting down (answered before the route runs).
          503: z.object({ message: z.string(), code: z.literal('service_unavailable'), checks: checks.optional() }),
        },
      },
      config: { access: { public: true, reason: 'load balancer probes: up or down states, no workspace data' } },
    },
    async (_request, reply: FastifyReply) => {
      const state: Checks = {
        ...(await databaseChecks(platform)),
        redis: platform.realtime.redisState?.() ?? 'off',
        shuttingDown,
      };
      if (state.database === 'up' && state.migrations === 'done' && !shuttingDown) {
        return { status: 'ok' as const, checks: state };
      }
      reply.header('Retry-After', String(RETRY_AFTER_SECONDS));
      return reply
        .status(503)
        .send({ message: messageText('service_unavailable'), code: 'service_unavailable' as const, checks: state });
    },
  );
}

async function databaseChecks(platform: Platform): Promise<Pick<Checks, 'database' | 'migrations'>> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the database did not answer in time')), READY_TIMEOUT_MS);
  });
  try {
    const pending = await Promise.race([migrationsPending(platform.database), timeout]);
    return { database: 'up', migrations: pending ? 'pending' : 'done' };
  } catch {
    return { database: 'down', migrations: 'unknown' };
  } finally {
    clearTimeout(timer);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Readiness answers 503 from now on (SIGTERM, before the drain delay). */
    markShuttingDown(): void;
  }
}
