import { statfs } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError } from '../../config.js';

/** The directory itself or its nearest existing parent: statfs needs a path that exists. */
async function measure(dir: string): Promise<{ freeMb: number; at: string }> {
  for (let at = path.resolve(dir); ; at = path.dirname(at)) {
    try {
      const fs = await statfs(at);
      return { freeMb: Math.floor((Number(fs.bavail) * Number(fs.bsize)) / 2 ** 20), at };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || path.dirname(at) === at) throw err;
    }
  }
}

/**
 * Refuses to start, before anything is created in DATA_DIR, when its disk is nearly full: the embedded database
 * otherwise fails half-way through creating its files (`ErrnoError errno 51`) and leaves a broken data directory.
 */
export async function ensureDiskSpace(dataDir: string, neededMb: number): Promise<void> {
  if (neededMb <= 0) return;
  const { freeMb } = await measure(dataDir);
  if (freeMb < neededMb) {
    throw new ConfigError(
      `Not enough disk space in DATA_DIR ${dataDir} (${freeMb} MB free, ${neededMb} MB needed). ` +
        'Free some space or lower MIN_FREE_DISK_MB.',
    );
  }
}
