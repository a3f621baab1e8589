import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { type DatabaseOptions, EMBEDDED_SHARED_BUFFERS_MB, openDatabase } from './client.js';

/**
 * The embedded database's buffer cache (docs/operations.md "Memory"): PGlite keeps all of shared_buffers resident from
 * the start, so Hallway opens it with a smaller one than PostgreSQL's 128 MB, which EMBEDDED_SHARED_BUFFERS_MB
 * changes.
 */
describe("the embedded database's shared_buffers", () => {
  const sharedBuffers = async (options: DatabaseOptions) => {
    const database = await openDatabase(options);
    try {
      const { rows } = await database.query('SHOW shared_buffers');
      return rows[0].shared_buffers;
    } finally {
      await database.close();
    }
  };

  // Two openings of a data directory, the first of them creating it (initdb): slow on a loaded machine.
  it('is 32 MB by default and what EMBEDDED_SHARED_BUFFERS_MB says otherwise', { timeout: 300_000 }, async () => {
    expect(EMBEDDED_SHARED_BUFFERS_MB).toBe(32);
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'hallway-shared-buffers-'));
    try {
      const config = loadConfig({ DATA_DIR: dataDir, EMBEDDED_SHARED_BUFFERS_MB: '16' });
      expect(config.database).toMatchObject({ kind: 'pglite', sharedBuffersMb: 16 });
      expect(await sharedBuffers(config.database)).toBe('16MB');
      // The same directory opened again with the default: a start setting, not written into postgresql.conf.
      expect(await sharedBuffers({ kind: 'pglite', dir: path.join(dataDir, 'db') })).toBe('32MB');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('takes whole megabytes from 8 up', () => {
    expect(loadConfig({}).database).toMatchObject({ kind: 'pglite', sharedBuffersMb: undefined });
    expect(() => loadConfig({ EMBEDDED_SHARED_BUFFERS_MB: '4' })).toThrow(/EMBEDDED_SHARED_BUFFERS_MB/);
    expect(() => loadConfig({ EMBEDDED_SHARED_BUFFERS_MB: 'lots' })).toThrow(/EMBEDDED_SHARED_BUFFERS_MB/);
  });
});
