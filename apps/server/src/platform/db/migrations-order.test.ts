import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from './migrate.js';
import { journalProblems, migrationFolderProblems } from './migrations-order.js';

const entry = (idx: number, when: number, name = 'step') => ({
  idx,
  when,
  tag: `${String(idx).padStart(4, '0')}_${name}`,
});

describe('migrations are ordered and none is skipped', () => {
  it('holds for apps/server/drizzle', () => {
    expect(migrationFolderProblems(MIGRATIONS_DIR)).toEqual([]);
  });

  it('refuses a later migration with an older timestamp (drizzle would skip it)', () => {
    const entries = [entry(0, 1000), entry(1, 3000), entry(2, 2000, 'merged_late')];
    const problems = journalProblems(
      entries,
      entries.map((e) => `${e.tag}.sql`),
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^0002_merged_late: created .* not after 0001_step/);
  });

  it('refuses a file the journal does not list, a listed file that is missing, a number used twice', () => {
    const entries = [entry(0, 1000), entry(1, 2000)];
    expect(journalProblems(entries, ['0000_step.sql', '0001_step.sql', '0001_other.sql', 'meta'])).toEqual([
      '0001_other.sql: not in meta/_journal.json',
      'two migrations numbered 0001',
    ]);
    expect(journalProblems(entries, ['0000_step.sql'])).toEqual(['0001_step: no file 0001_step.sql']);
  });

  it('refuses an entry out of place or named for another number', () => {
    const entries = [entry(0, 1000), { idx: 2, when: 2000, tag: '0001_step' }];
    expect(journalProblems(entries, ['0000_step.sql', '0001_step.sql'])).toEqual([
      '0001_step: idx 2 at position 1',
      '0001_step: its name does not start with 0002_',
    ]);
  });
});
