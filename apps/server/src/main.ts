import { pino } from 'pino';
import { buildApp } from './app.js';
import { printFirstStartAccounts } from './bootstrap/credentials.js';
import { seedDemo } from './bootstrap/demo.js';
import { ensureSuperadmin } from './bootstrap/superadmin.js';
import { ConfigError, loadConfig } from './config.js';
import { modules } from './modules/index.js';
import { principalQuery } from './modules/users/principal.js';
import { createPlatform } from './platform/create.js';
import { toleratedBackgroundFailure } from './platform/db/errors.js';
import { refreshPlannerStatistics } from './platform/db/migrate.js';
import { domainEventsCleanup } from './platform/events/bus.js';
import { scheduleMaintenance } from './platform/jobs/maintenance.js';

/** read config → open database → migrate → bootstrap → start jobs → listen. */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78);
    }
    throw err;
  }
  const log = pino({ level: config.logLevel });
  // pg-boss 10 records a finished job's completion or failure without awaiting it (its worker's onFetch), so a
  // database that goes away or a disk that fills at that moment surfaces as an unhandled rejection. Those are states
  // the process outlives (requests answer 503 or 507, readiness reports a database that is away, jobs are fetched
  // again once it is back); any other unhandled rejection still ends the process, as Node does by default.
  process.on('unhandledRejection', (reason) => {
    const tolerated = toleratedBackgroundFailure(reason);
    if (tolerated) {
      log.warn({ err: reason }, tolerated);
      return;
    }
    console.error(reason);
    process.exit(1);
  });
  const platform = await createPlatform(config, log, { principal: principalQuery });
  const generated = [await ensureSuperadmin(platform, log), config.demo ? await seedDemo(platform, log) : null];
  await refreshPlannerStatistics(platform.database);

  const app = await buildApp(platform, { logger: log });
  await app.ready();
  await platform.realtime.attach(app.server);
  if (config.jobs) {
    await platform.jobs.start();
    await scheduleMaintenance(
      { database: platform.database, jobs: platform.jobs, log },
      { cron: config.maintenanceCron, tasks: [domainEventsCleanup, ...modules.flatMap((m) => m.maintenance ?? [])] },
    );
  }
  await app.listen({ port: config.port, host: config.host });
  log.info(`Hallway is ready at ${config.publicUrl}`);
  // Through the logger's own stream: pino writes asynchronously, so a direct stdout write overtook the "listening"
  // and "ready" lines (and pino's flush is a no-op without a minimum length): the frame must be the last thing shown.
  const logStream = (log as unknown as Record<symbol, { write(text: string): void }>)[pino.symbols.streamSym];
  printFirstStartAccounts(generated, (text) => logStream.write(text));

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping');
    // Readiness turns 503 first, so a load balancer stops sending requests before the listener closes.
    app.markShuttingDown();
    if (config.shutdownDelayMs > 0) await new Promise((r) => setTimeout(r, config.shutdownDelayMs));
    try {
      // Open websockets would keep the HTTP server from closing.
      await platform.realtime.close();
      await app.close();
      await platform.close();
    } catch (err) {
      // Whatever failed (the database away, the disk full), the process still ends: every acknowledged write is
      // committed already.
      log.error({ err }, 'stopping failed');
      process.exit(1);
    }
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(78);
  }
  console.error(err);
  process.exit(1);
});
