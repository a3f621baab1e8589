import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RIGHTS,
  fillPlaceholders,
  formatBytes,
  isoDate,
  isoDateTime,
  messages,
  profileFields,
  RIGHTS,
  registerBody,
  workspaceCode,
} from './index.js';

describe('message catalogue', () => {
  it('fills placeholders and leaves unknown ones', () => {
    expect(fillPlaceholders(messages.storage_limit.en, { size: '1 GB', available: '10 MB' })).toBe(
      'Storage limit reached (1 GB)! Available 10 MB',
    );
    expect(fillPlaceholders(messages.attachment_too_big.en)).toBe('Files above {size} cannot be attached');
    expect(messages.user_deleted.ru).toBe('Пользователь удалён');
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
  it('takes dates and times of the years 1900 to 2200 only, refusing others with date_out_of_range', () => {
    const codes = (schema: typeof isoDate | ReturnType<typeof isoDateTime>, value: string) =>
      schema.safeParse(value).error?.issues.map((i) => i.message);
    for (const ok of ['1900-01-01', '2026-02-28', '2200-12-31']) expect(codes(isoDate, ok), ok).toBeUndefined();
    for (const far of ['0000-01-01', '1899-12-31', '2201-01-01', '9999-12-31']) {
      expect(codes(isoDate, far), far).toEqual(['date_out_of_range']);
      expect(codes(isoDateTime(), `${far}T10:00:00Z`), far).toEqual(['date_out_of_range']);
    }
    expect(codes(isoDateTime(), '2200-12-31T23:59:59+02:00')).toBeUndefined();
    expect(codes(isoDate, '2026-02-30')?.[0]).toBe('validation');
    const birth = profileFields.partial().safeParse({ birthDate: '0001-01-01' }).error?.issues;
    expect(birth?.map((i) => [i.path.join('.'), i.message])).toEqual([['birthDate', 'date_out_of_range']]);
  });

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
