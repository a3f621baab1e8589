/** Contact actions of a person (address book, profile contacts tab): hrefs only for values that make one. */
export interface ContactLinks {
  mail: string | null;
  phone: string | null;
  telegram: string | null;
}

const TELEGRAM_NAME = /^[A-Za-z0-9_]{3,32}$/;

/** `@name`, `name`, `t.me/name` or `https://t.me/name` → `https://t.me/name`. */
export function telegramLink(value: string | null | undefined): string | null {
  const name = (value ?? '')
    .trim()
    .replace(/^https?:\/\//i, '')
    .replace(/^(t\.me|telegram\.me)\//i, '')
    .replace(/^@/, '')
    .replace(/\/$/, '');
  return TELEGRAM_NAME.test(name) ? `https://t.me/${name}` : null;
}

/** A `tel:` link keeps the digits and a leading plus. */
export function phoneLink(value: string | null | undefined): string | null {
  const raw = (value ?? '').trim();
  const digits = raw.replace(/[^\d]/g, '');
  if (digits.length < 3) return null;
  return `tel:${raw.startsWith('+') ? '+' : ''}${digits}`;
}

export function contactLinks(person: {
  email?: string | null;
  phone?: string | null;
  telegram?: string | null;
}): ContactLinks {
  const email = person.email?.trim();
  return {
    mail: email && /^[^\s@]+@[^\s@]+$/.test(email) ? `mailto:${email}` : null,
    phone: phoneLink(person.phone),
    telegram: telegramLink(person.telegram),
  };
}
