import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * The realtime adapter's two Redis connections, seen as one link that is up or down. While it is down the
 * process delivers to its own sockets only and publishes nothing; ioredis keeps reconnecting (and
 * re-subscribing) on its own, and the link is up again once both connections are ready. The log says so once
 * per change, not once per event or per reconnection attempt.
 */
export function redisLink(log: FastifyBaseLogger) {
  let clients: Redis[] = [];
  /** Whether the last change logged was going down, so each outage is reported once and its end once. */
  let reportedDown = false;
  let stopped = false;

  const up = () => clients.length > 0 && clients.every((c) => c.status === 'ready');

  function wentDown(err?: unknown) {
    if (stopped || reportedDown || up()) return;
    reportedDown = true;
    log.warn({ err }, 'realtime: Redis is unreachable; events reach the sockets of this process only until it is back');
  }

  function cameUp() {
    if (stopped || !reportedDown || !up()) return;
    reportedDown = false;
    log.info('realtime: Redis is reachable again; events reach every process');
  }

  return {
    up,

    watch(...watched: Redis[]) {
      clients = watched;
      for (const client of watched) {
        client.on('error', (err) => wentDown(err));
        client.on('close', () => wentDown());
        client.on('ready', cameUp);
      }
    },

    /**
     * Connects both, but a Redis that is down at start does not stop the process: it starts with realtime
     * limited to its own sockets and joins the others when Redis answers.
     */
    async firstAttempt(...connecting: Redis[]) {
      const results = await Promise.allSettled(connecting.map((c) => c.connect()));
      const failed = results.find((r) => r.status === 'rejected');
      if (failed) wentDown((failed as PromiseRejectedResult).reason);
    },

    /**
     * The adapter publishes without handling the promise (a rejected publish would be an unhandled rejection
     * that ends the process); a publish that fails is dropped and the link reported down.
     */
    guardPublish(pub: Redis): Redis {
      const publish = pub.publish.bind(pub) as (...args: unknown[]) => Promise<number>;
      Object.assign(pub, {
        publish: (...args: unknown[]) =>
          publish(...args).catch((err: unknown) => {
            wentDown(err);
            return 0;
          }),
      });
      return pub;
    },

    stop() {
      stopped = true;
    },
  };
}
