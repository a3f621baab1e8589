import { describe, expect, it } from 'vitest';
import { brokenRule, validateValue } from './validation';

describe('generic input rules (spec portal §5)', () => {
  it('requires a value only when asked, and treats blanks as empty', () => {
    expect(validateValue('', { required: true })).toBe('Field is required');
    expect(validateValue('   ', { required: true })).toBe('Field is required');
    expect(validateValue('', { email: true, minLength: 3 })).toBeNull();
  });

  it('checks url, email and alphanumeric with their own messages', () => {
    expect(validateValue('not a link', { url: true })).toBe('Enter a valid link, for example https://example.com');
    expect(validateValue('ftp://example.com', { url: true })).not.toBeNull();
    expect(validateValue('https://example.com/a?b=1', { url: true })).toBeNull();
    expect(validateValue('anna@', { email: true })).toBe('Enter a valid e-mail');
    expect(validateValue('anna@northwind.example', { email: true })).toBeNull();
    expect(validateValue('north wind', { alphanumeric: true })).toBe('Use Latin letters and digits only');
    expect(validateValue('Нортвинд', { alphanumeric: true })).toBe('Use Latin letters and digits only');
    expect(validateValue('Northwind42', { alphanumeric: true })).toBeNull();
  });

  it('checks lengths with the limits in the message', () => {
    expect(validateValue('abc', { minLength: 6 })).toBe('At least 6 characters');
    expect(validateValue('abcdef', { minLength: 6 })).toBeNull();
    expect(validateValue('x'.repeat(51), { maxLength: 50 })).toBe('At most 50 characters');
    expect(validateValue('x'.repeat(50), { maxLength: 50 })).toBeNull();
  });

  it('reports the first broken rule in a fixed order and prefers custom messages', () => {
    expect(brokenRule('a b', { alphanumeric: true, minLength: 5 })).toBe('alphanumeric');
    expect(validateValue('', { required: true, messages: { required: 'Name the group' } })).toBe('Name the group');
    expect(validateValue('secret', { equals: () => 'other' })).toBe('Make sure the passwords match');
    expect(validateValue('12345', { pattern: /^\d{10}$/, messages: { pattern: 'INN must be 10 digits' } })).toBe(
      'INN must be 10 digits',
    );
  });
});
