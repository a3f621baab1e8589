import { execFileSync } from 'node:child_process';
import { EventEmitter, once } from 'node:events';
import { closeSync, mkdirSync, openSync, rmSync, writeSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../app.js';
import { ensureSuperadmin } from '../../bootstrap/superadmin.js';
import { loadConfig } from '../../config.js';
import { principalQuery } from '../../modules/users/principal.js';
import { call, type Harness, makeWorkspace, type TestWorkspace } from '../../test/harness.js';
import { createPlatform } from '../create.js';

/**
 * The embedded database on a disk that is truly full: DATA_DIR on a tmpfs of its own (mounting needs root, which CI
 * has), filled to its last byte by a file beside the database. Reads keep working, writes are refused with 507
 * `disk_full`, and everything works again once the file is gone, without a restart; a PANIC of the embedded
 * PostgreSQL (a checkpoint that cannot write) stops nothing for good either.
 */
const snapshot = inject('hallwaySnapshot');
const root = path.join(os.tmpdir(), `hallway-disk-full-${process.pid}-${Date.now().toString(36)}`);
function mountTmpfs(): string | null {
  // The embedded database only: the run on PostgreSQL has nothing to add here (its disk full is in
  // faults.multiprocess.test.ts).
  if (snapshot?.kind !== 'pglite') return 'the tests run on PostgreSQL';
  mkdirSync(root);
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=160m', 'tmpfs', root], { stdio: 'pipe' });
    return null;
  } catch (err) {
    rmSync(root, { recursive: true, force: true });
    return String((err as { stderr?: Buffer }).stderr ?? err).trim() || 'mount failed';
  }
}
const notMounted = mountTmpfs();
if (notMounted && snapshot?.kind === 'pglite') {
  const bar = '!'.repeat(96);
  console.warn(
    `\n${bar}\n  A small filesystem could not be mounted (${notMounted}): the full-disk tests of the embedded\n` +
      `  database are SKIPPED. They need root (CI runs as root) to mount a tmpfs.\n${bar}\n`,
  );
}

const FILLER = path.join(root, 'filler');
/** Takes every byte left on the tmpfs. */
function fillDisk() {
  const fd = openSync(FILLER, 'a');
  try {
    for (const size of [1 << 20, 4096, 1]) {
      const chunk = Buffer.alloc(size, 1);
      for (;;) writeSync(fd, chunk);
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
  } finally {
    closeSync(fd);
  }
}
const freeDisk = () => rmSync(FILLER, { force: true });

const lines = new EventEmitter();
const logged: string[] = [];
/** Resolves once the log has a line containing one of `texts`. */
async function loggedLine(...texts: string[]) {
  while (!logged.some((l) => texts.some((text) => l.includes(text)))) await once(lines, 'line');
}

let h: Harness;
let w: TestWorkspace;
beforeAll(async () => {
  if (notMounted) return;
  const dataDir = path.join(root, 'data');
  mkdirSync(dataDir);
  // The run's migrated database, copied into the data directory (migrating a new one takes far longer).
  if (snapshot?.kind === 'pglite') {
    const copy = await PGlite.create(path.join(dataDir, 'db'), {
      loadDataDir: new Blob([await readFile(snapshot.file)]),
    });
    await copy.close();
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    MIN_FREE_DISK_MB: '1',
    LOG_LEVEL: 'info',
    SUPERADMIN_LOGIN: 'root',
    SUPERADMIN_PASSWORD: 'root-secret',
    DEMO: '0',
    JOBS: '0',
    LOGIN_RATE_LIMIT: '1000',
  });
  const log = pino(
    { level: 'info' },
    {
      write: (line: string) => {
        logged.push(line);
        lines.emit('line');
      },
    },
  );
  const platform = await createPlatform(config, log, { principal: principalQuery });
  await ensureSuperadmin(platform, log);
  const app = await buildApp(platform, { logger: log });
  await app.ready();
  h = {
    app,
    platform,
    dataDir,
    async close() {
      await app.close();
      await platform.close();
    },
  };
  w = await makeWorkspace(h);
}, 120_000);

afterAll(async () => {
  if (notMounted) return;
  freeDisk();
  await h?.close();
  execFileSync('umount', [root]);
  rmSync(root, { recursive: true, force: true });
});

let visits = 0;
const visit = () =>
  call(h, w.employee, 'POST', '/api/analytics/modules', {
    module: `disk-${visits++}`,
    date: Date.now(),
    userId: w.employee.id,
    clientId: w.id,
  });
const readProfile = () => call(h, w.employee, 'GET', '/api/user/me');

describe.skipIf(!!notMounted)('the embedded database on a full disk', () => {
  it('keeps serving reads, refuses writes with 507 disk_full, and takes them again once space is freed', async () => {
    expect((await visit()).statusCode).toBe(200);
    fillDisk();
    try {
      expect((await readProfile()).statusCode).toBe(200);
      // Rows fill the pages the table has, then it must grow, which the full disk refuses.
      let refused: Awaited<ReturnType<typeof visit>> | null = null;
      for (let i = 0; i < 5_000 && !refused; i++) {
        const res = await visit();
        if (res.statusCode !== 200) refused = res;
      }
      expect(refused?.statusCode, refused?.body).toBe(507);
      expect(refused!.json()).toEqual({ message: expect.any(String), code: 'disk_full' });
      expect((await visit()).statusCode).toBe(507);
      expect((await readProfile()).statusCode).toBe(200);
    } finally {
      freeDisk();
    }
    expect((await visit()).statusCode).toBe(200);
    expect(logged.filter((l) => l.includes('"level":50'))).toEqual([]);
  });

  it('opens the database again after it stopped on a PANIC, and takes writes once space is freed', async () => {
    const before = await visit();
    expect(before.statusCode).toBe(200);
    fillDisk();
    try {
      // A checkpoint cannot write its files: PostgreSQL PANICs, which aborts the embedded instance.
      await expect(h.platform.database.query('CHECKPOINT')).rejects.toThrow();
      // Its first try to open again: done, or refused while the disk is full (recovery may need a new WAL segment,
      // depending on where the log stands), and then tried again with a growing pause.
      await loggedLine('the embedded database is open again', 'opening the embedded database again failed');
    } finally {
      freeDisk();
    }
    await loggedLine('the embedded database is open again');
    expect((await readProfile()).statusCode).toBe(200);
    expect((await visit()).statusCode).toBe(200);
    const { rows } = await h.platform.database.query(
      `SELECT count(*)::int AS n FROM module_visits WHERE user_id = $1 AND module = $2`,
      [w.employee.id, `disk-${visits - 2}`],
    );
    expect(rows).toEqual([{ n: 1 }]);
  });
});
