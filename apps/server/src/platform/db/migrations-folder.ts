import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { sha256 } from './migrate.js';
import { LEGACY_MIGRATIONS } from './migrations-legacy.js';

/** `YYYYMMDDHHMMSS_words_of_the_name.sql`, the time in UTC, as `npm run db:generate` names a migration. */
const TIMESTAMPED = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})_[a-z0-9]+(?:_[a-z0-9]+)*\.sql$/;

export interface FolderEntry {
  name: string;
  /** The file's content; absent for a folder. */
  text?: string;
}

function validTime(match: RegExpExecArray): boolean {
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number);
  const time = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return (
    time.getUTCFullYear() === year &&
    time.getUTCMonth() === month - 1 &&
    time.getUTCDate() === day &&
    time.getUTCHours() === hour &&
    time.getUTCMinutes() === minute &&
    time.getUTCSeconds() === second
  );
}

/**
 * What makes a migrations folder safe to apply in file-name order, one row per name: only `.sql` files (no
 * drizzle-kit journal or snapshots), each named by its UTC creation time or one of the frozen legacy names, no two
 * sharing a time, and the legacy files present with their shipped content. Answers every problem; empty when sound.
 */
export function folderProblems(entries: readonly FolderEntry[]): string[] {
  const problems: string[] = [];
  const legacy = new Map(LEGACY_MIGRATIONS.map((m) => [`${m.name}.sql`, m]));
  const times = new Map<string, string>();
  for (const entry of entries) {
    if (entry.text === undefined || !entry.name.endsWith('.sql')) {
      problems.push(
        `${entry.name}: not a migration; the folder holds only .sql files (drizzle-kit's journal and snapshots are ` +
          'not used: npm run db:generate writes a migration)',
      );
      continue;
    }
    const shipped = legacy.get(entry.name);
    if (shipped) {
      if (sha256(entry.text) !== shipped.hash) {
        problems.push(`${entry.name}: changed after it shipped; put the change in a new migration`);
      }
      continue;
    }
    const match = TIMESTAMPED.exec(entry.name);
    if (!match || !validTime(match)) {
      problems.push(
        `${entry.name}: not named YYYYMMDDHHMMSS_name.sql (UTC time, lowercase words joined by _); ` +
          'npm run db:generate names it',
      );
      continue;
    }
    const time = entry.name.slice(0, 14);
    const other = times.get(time);
    if (other) problems.push(`${other} and ${entry.name}: the same time; regenerate one of them`);
    else times.set(time, entry.name);
  }
  const names = new Set(entries.map((e) => e.name));
  for (const m of LEGACY_MIGRATIONS) {
    if (!names.has(`${m.name}.sql`)) problems.push(`${m.name}.sql: missing; a shipped migration is never removed`);
  }
  return problems;
}

/** The problems of a migrations folder (apps/server/drizzle). */
export function migrationFolderProblems(dir: string): string[] {
  return folderProblems(
    readdirSync(dir)
      .sort()
      .map((name) => {
        const file = path.join(dir, name);
        return statSync(file).isFile() ? { name, text: readFileSync(file, 'utf8') } : { name };
      }),
  );
}
