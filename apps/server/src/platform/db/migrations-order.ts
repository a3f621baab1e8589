import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

/**
 * What makes drizzle's journal safe to apply (issue 10): the migrator applies only entries whose `when` is later
 * than the last one a database has, so an entry merged with an older timestamp than its predecessor would be
 * skipped silently on every database already past it. Answers every problem found; empty when the folder is sound.
 */
export function journalProblems(entries: readonly JournalEntry[], files: readonly string[]): string[] {
  const problems: string[] = [];
  entries.forEach((entry, position) => {
    if (entry.idx !== position) problems.push(`${entry.tag}: idx ${entry.idx} at position ${position}`);
    const prefix = String(entry.idx).padStart(4, '0');
    if (!entry.tag.startsWith(`${prefix}_`)) problems.push(`${entry.tag}: its name does not start with ${prefix}_`);
    if (!files.includes(`${entry.tag}.sql`)) problems.push(`${entry.tag}: no file ${entry.tag}.sql`);
    const previous = entries[position - 1];
    if (previous && !(entry.when > previous.when)) {
      problems.push(
        `${entry.tag}: created ${new Date(entry.when).toISOString()}, not after ${previous.tag} ` +
          `(${new Date(previous.when).toISOString()}): databases past ${previous.tag} would skip it; regenerate it`,
      );
    }
  });
  const listed = new Set(entries.map((e) => `${e.tag}.sql`));
  for (const file of files) {
    if (file.endsWith('.sql') && !listed.has(file)) problems.push(`${file}: not in meta/_journal.json`);
  }
  const prefixes = files.filter((f) => f.endsWith('.sql')).map((f) => f.slice(0, 4));
  for (const prefix of new Set(prefixes)) {
    if (prefixes.filter((p) => p === prefix).length > 1) problems.push(`two migrations numbered ${prefix}`);
  }
  return problems;
}

/** The problems of a migrations folder (apps/server/drizzle). */
export function migrationFolderProblems(dir: string): string[] {
  const journal = JSON.parse(readFileSync(path.join(dir, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journalProblems(journal.entries, readdirSync(dir));
}
