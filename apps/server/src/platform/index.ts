import type { Config } from '../config.js';
import type { PrincipalCache } from './access/principals.js';
import type { Tokens } from './auth/tokens.js';
import type { Database } from './db/client.js';
import type { StorageDriver } from './files/types.js';
import type { Jobs } from './jobs/types.js';
import type { Mailer } from './mail/types.js';
import type { Realtime } from './realtime/types.js';

/** Everything a module may use beside its request context. Built by main.ts (or the test harness). */
export interface Platform {
  config: Config;
  database: Database;
  tokens: Tokens;
  mail: Mailer;
  storage: StorageDriver;
  realtime: Realtime;
  jobs: Jobs;
  /** The guard's memory of who tokens name, for `oneRead` routes (access/principals.ts); absent: no cache. */
  principals?: PrincipalCache;
}
