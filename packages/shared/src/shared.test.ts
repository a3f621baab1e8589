import { describe, expect, it } from 'vitest';
import { DEFAULT_RIGHTS, formatBytes, formatMessage, MESSAGES, RIGHTS, registerBody, workspaceCode } from './index.js';

describe('message catalogue', () => {
  it('fills placeholders and leaves unknown ones', () => {
    expect(formatMessage('storage_limit', { size: '1 GB', available: '10 MB' })).toBe(
      'Storage limit reached (1 GB)! Available 10 MB',
    );
    expect(formatMessage('attachment_too_big')).toBe('Files above {size} cannot be attached');
    expect(MESSAGES.user_deleted).toBe('User was deleted');
  });

  it('formats sizes for people', () => {
    expect(formatBytes(20 * 1024 * 1024)).toBe('20 MB');
    expect(formatBytes(250 * 1024 * 1024)).toBe('250 MB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(12)).toBe('12 B');
  });
});

describe('rights', () => {
  it('has the 23 rights of the spec, all but admin and vacations_edit on by default', () => {
    expect(RIGHTS).toHaveLength(23);
    expect(
      Object.entries(DEFAULT_RIGHTS)
        .filter(([, on]) => !on)
        .map(([r]) => r),
    ).toEqual(['vacations_edit', 'admin']);
  });
});

describe('schemas', () => {
  it('accepts workspace codes of Latin letters and digits only', () => {
    expect(workspaceCode.safeParse('Acme2026').success).toBe(true);
    for (const bad of ['ac me', 'ac-me', 'фирма', 'a', ''])
      expect(workspaceCode.safeParse(bad).success, bad).toBe(false);
  });

  it('registers an employee only with the required fields and valid values', () => {
    const ok = { firstName: 'Anna', lastName: "O'Neil-Smith", email: 'ANNA@Example.com', password: 'secret1' };
    const parsed = registerBody.parse(ok);
    expect(parsed.email).toBe('anna@example.com');
    const issues = registerBody.safeParse({ ...ok, password: '123', inn: '12' }).error!.issues.map((i) => i.message);
    expect(issues).toEqual(expect.arrayContaining(['password_short', 'inn_invalid']));
  });
});
