import { pino } from 'pino';
import { buildApp } from './app.js';
import { printFirstStartAccounts } from './bootstrap/credentials.js';
import { seedDemo } from './bootstrap/demo.js';
import { ensureSuperadmin } from './bootstrap/superadmin.js';
import { ConfigError, loadConfig } from './config.js';
import { modules } from './modules/index.js';
import { principalQuery } from './modules/users/principal.js';
import { createPlatform } from './platform/create.js';
import { databaseUnavailable } from './platform/db/errors.js';
import { refreshPlannerStatistics } from './platform/db/migrate.js';
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
  // database that goes away at that moment surfaces as an unhandled rejection. An unavailable database is a state
  // the process outlives (requests answer 503, readiness reports it, jobs are fetched again when it is back); any
  // other unhandled rejection still ends the process, as Node does by default.
  process.on('unhandledRejection', (reason) => {
    if (databaseUnavailable(reason)) {
      log.warn({ err: reason }, 'a background database call failed: the database is unavailable');
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
      { cron: config.maintenanceCron, tasks: modules.flatMap((m) => m.maintenance ?? []) },
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
    // Open websockets would keep the HTTP server from closing.
    await platform.realtime.close();
    await app.close();
    await platform.close();
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
