import { i18n } from '../i18n';

/**
 * The generic input rules of spec portal §5 (configurable): required, url, email, alphanumeric, minimum and
 * maximum length, each with its own message (a custom one in `messages`, otherwise the catalogue text).
 */
export interface InputRules {
  required?: boolean;
  url?: boolean;
  email?: boolean;
  alphanumeric?: boolean;
  minLength?: number;
  maxLength?: number;
  /** Must equal another value (password confirmation). */
  equals?: () => string;
  /** A field-specific shape (INN digits); give its message in `messages.pattern`. */
  pattern?: RegExp;
  messages?: Partial<Record<RuleName, string>>;
}

export type RuleName = 'required' | 'url' | 'email' | 'alphanumeric' | 'minLength' | 'maxLength' | 'equals' | 'pattern';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ALPHANUMERIC = /^[A-Za-z0-9]+$/;

function isUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !!url.hostname;
  } catch {
    return false;
  }
}

/** The first rule a value breaks, or null. Empty optional values pass every other rule. */
export function brokenRule(value: string, rules: InputRules): RuleName | null {
  const trimmed = value.trim();
  if (!trimmed) return rules.required ? 'required' : null;
  if (rules.url && !isUrl(trimmed)) return 'url';
  if (rules.email && !EMAIL.test(trimmed)) return 'email';
  if (rules.alphanumeric && !ALPHANUMERIC.test(trimmed)) return 'alphanumeric';
  if (rules.minLength !== undefined && value.length < rules.minLength) return 'minLength';
  if (rules.maxLength !== undefined && value.length > rules.maxLength) return 'maxLength';
  if (rules.pattern && !rules.pattern.test(trimmed)) return 'pattern';
  if (rules.equals && value !== rules.equals()) return 'equals';
  return null;
}

/** The message for a broken rule, in the current language. */
export function ruleMessage(rule: RuleName, rules: InputRules): string {
  const custom = rules.messages?.[rule];
  if (custom) return custom;
  switch (rule) {
    case 'required':
      return i18n.t('validation.required');
    case 'url':
      return i18n.t('validation.url');
    case 'email':
      return i18n.t('validation.email');
    case 'alphanumeric':
      return i18n.t('validation.alphanumeric');
    case 'minLength':
      return i18n.t('validation.minLength', { min: rules.minLength });
    case 'maxLength':
      return i18n.t('validation.maxLength', { max: rules.maxLength });
    case 'equals':
      return i18n.t('validation.passwordsMismatch');
    case 'pattern':
      return i18n.t('errors.validation');
  }
}

/** Validates a value: the message of the first broken rule, or null. */
export function validateValue(value: string, rules: InputRules): string | null {
  const rule = brokenRule(value, rules);
  return rule ? ruleMessage(rule, rules) : null;
}
