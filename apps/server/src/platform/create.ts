import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { PrincipalQuery } from './access/guard.js';
import { startPrincipalCache } from './access/principals.js';
import { createTokens, resolveSecret } from './auth/tokens.js';
import { type Database, openDatabase } from './db/client.js';
import { ensureDiskSpace } from './db/disk-space.js';
import { migrate } from './db/migrate.js';
import { createLocalStorage } from './files/local.js';
import type { StorageDriver } from './files/types.js';
import type { Platform } from './index.js';
import { createJobs } from './jobs/boss.js';
import { createMailer } from './mail/mailer.js';
import { createRealtime } from './realtime/socket.js';

export type RunningPlatform = Platform & {
  realtime: ReturnType<typeof createRealtime>;
  jobs: ReturnType<typeof createJobs>;
  close(): Promise<void>;
};

/** Opens the database, migrates it and builds every platform service: main.ts and the tests start here. */
export async function createPlatform(
  config: Config,
  log: Logger,
  deps: { principal: PrincipalQuery; database?: Database; storage?: StorageDriver },
): Promise<RunningPlatform> {
  const usesDataDir = config.database.kind === 'pglite' || !config.s3;
  if (usesDataDir && !deps.database) await ensureDiskSpace(config.dataDir, config.minFreeDiskMb);
  if (config.database.kind === 'pglite') await mkdir(config.database.dir, { recursive: true });
  const database = deps.database ?? (await openDatabase(config.database, log));
  await migrate(database);
  const tokens = createTokens(await resolveSecret(database, config.jwt.secret), config.jwt.ttl);
  const storage = deps.storage ?? (await createStorage(config));
  const realtime = createRealtime({
    database,
    tokens,
    principal: deps.principal,
    redisUrl: config.redisUrl,
    log,
  });
  const jobs = createJobs(database, log);
  const principals = await startPrincipalCache(database);
  const mail = createMailer(database, { smtpUrl: config.smtpUrl, from: config.mailFrom, storage });
  return {
    config,
    database,
    tokens,
    storage,
    realtime,
    jobs,
    mail,
    principals: principals.cache,
    async close() {
      await principals.close();
      await realtime.close();
      await jobs.stop();
      await database.close();
    },
  };
}

async function createStorage(config: Config): Promise<StorageDriver> {
  if (config.s3) {
    const { createS3Storage } = await import('./files/s3.js');
    return createS3Storage(config.s3);
  }
  return createLocalStorage(path.join(config.dataDir, 'files'));
}
