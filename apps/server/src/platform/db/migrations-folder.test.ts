import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from './migrate.js';
import { type FolderEntry, folderProblems, migrationFolderProblems } from './migrations-folder.js';
import { LEGACY_MIGRATIONS } from './migrations-legacy.js';

const legacy: FolderEntry[] = LEGACY_MIGRATIONS.map((m) => ({
  name: `${m.name}.sql`,
  text: readFileSync(path.join(MIGRATIONS_DIR, `${m.name}.sql`), 'utf8'),
}));
const file = (name: string): FolderEntry => ({ name, text: 'SELECT 1;' });

describe('the migrations folder', () => {
  it('holds for apps/server/drizzle', () => {
    expect(migrationFolderProblems(MIGRATIONS_DIR)).toEqual([]);
  });

  it('takes timestamped files from any branch, in any order of their times', () => {
    expect(
      folderProblems([...legacy, file('20261201093000_polls.sql'), file('20261130120000_kudos_votes.sql')]),
    ).toEqual([]);
  });

  it('refuses a numbered, badly named or impossibly timed file', () => {
    expect(
      folderProblems([
        ...legacy,
        file('0022_polls.sql'),
        file('20261201093000-polls.sql'),
        file('20261201093000_Polls.sql'),
        file('2026120109300_polls.sql'),
        file('20261301093000_polls.sql'),
      ]).map((p) => p.slice(0, p.indexOf(':'))),
    ).toEqual([
      '0022_polls.sql',
      '20261201093000-polls.sql',
      '20261201093000_Polls.sql',
      '2026120109300_polls.sql',
      '20261301093000_polls.sql',
    ]);
  });

  it('refuses two migrations of the same second', () => {
    expect(folderProblems([...legacy, file('20261201093000_polls.sql'), file('20261201093000_kudos.sql')])).toEqual([
      '20261201093000_polls.sql and 20261201093000_kudos.sql: the same time; regenerate one of them',
    ]);
  });

  it("refuses drizzle-kit's journal and snapshots, and any other file", () => {
    expect(folderProblems([...legacy, { name: 'meta' }, { name: 'notes.md', text: '' }])).toEqual([
      "meta: not a migration; the folder holds only .sql files (drizzle-kit's journal and snapshots are not used: npm run db:generate writes a migration)",
      "notes.md: not a migration; the folder holds only .sql files (drizzle-kit's journal and snapshots are not used: npm run db:generate writes a migration)",
    ]);
  });

  it('refuses a shipped migration edited or removed', () => {
    const [first, second, ...rest] = legacy;
    expect(folderProblems([{ ...first, text: `${first.text}\n-- tidied` }, ...rest])).toEqual([
      '0000_pale_sabra.sql: changed after it shipped; put the change in a new migration',
      '0001_same_wolverine.sql: missing; a shipped migration is never removed',
    ]);
    expect(second.name).toBe('0001_same_wolverine.sql');
  });
});
