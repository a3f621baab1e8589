/** Accounts created on this start whose passwords nobody chose: shown once, then never again. */
export interface FirstStartAccounts {
  title: string;
  lines: string[];
}

/**
 * Prints the passwords generated on this start in a frame, as plain text after the "ready" line, so they are the
 * last thing on the console and stand out of the JSON log. They are printed here only: the log records say that
 * accounts were created, never the passwords.
 */
export function printFirstStartAccounts(
  accounts: (FirstStartAccounts | null)[],
  write: (text: string) => void = (text) => void process.stdout.write(text),
): void {
  const shown = accounts.filter((a): a is FirstStartAccounts => a !== null);
  if (!shown.length) return;
  const body = shown.flatMap((a, i) => [...(i ? [''] : []), a.title, ...a.lines.map((l) => `  ${l}`)]);
  body.push('', 'Shown once: note them now, then change them.');
  const width = Math.max(...body.map((l) => l.length));
  const rule = '─'.repeat(width + 2);
  write(`\n┌${rule}┐\n${body.map((l) => `│ ${l.padEnd(width)} │`).join('\n')}\n└${rule}┘\n\n`);
}
