// What the fan-out (deliver.ts), the centre (service.ts) and the messenger channels share: an entry rendered in its
// person's language, with the workspace's own templates.
import type { Lang, NotificationDto } from '@hallway/shared';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../platform/db/client.js';
import type { Platform } from '../../platform/index.js';
import type { NotificationVars, PersonalLinks } from '../../platform/notify/moments.js';
import { type CustomTemplates, render } from './templates.js';

/** A stored entry with its event's code, section, link and variables, as the centre and the channels read it. */
export interface EntryRow {
  id: string;
  code: string;
  section: string;
  link: string | null;
  vars: NotificationVars;
  actor_id: string | null;
  others: number;
  read: boolean;
  created: string | Date;
  /** The actor's picture (`actorAvatarSql`); left out where nobody shows it (mails, messengers). */
  actor_avatar?: string | null;
}

/** The recipient's zone for the dates of their entries: their own, else the workspace's (aliases `u`, `c`). */
export const recipientZone = sql`coalesce(u.time_zone, c.settings ->> 'timeZone')`;

/** The picture of the person whose id is in `actorId` (a column of the outer query): their first photo's thumbnail. */
export const actorAvatarSql = (actorId: SQL) =>
  sql`(SELECT coalesce(u.pics->0->>'mini', u.pics->0->>'src') FROM users u WHERE u.id = ${actorId})`;

/**
 * An entry as its person sees it, rendered in their language, its dates and times in their `zone`; `links` writes
 * the personal links of their own mail.
 */
export function presentEntry(
  row: EntryRow,
  langs: readonly Lang[],
  custom?: CustomTemplates,
  zone?: string | null,
  links?: PersonalLinks,
): NotificationDto & { full: string } {
  const { title, text, full } = render(row.code, langs, row.vars, row.others, custom, zone, links);
  const actor = row.vars.actor;
  return {
    _id: row.id,
    code: row.code,
    section: row.section,
    title,
    text,
    link: row.link,
    read: row.read,
    others: row.others,
    actor: row.actor_id
      ? { _id: row.actor_id, name: typeof actor === 'string' ? actor : '', avatar: row.actor_avatar ?? null }
      : null,
    created: new Date(row.created).toISOString(),
    full,
  };
}

type TemplateRow = { code: string; lang: Lang; title: string; short: string; full: string };

/** The workspace's own templates (`api/notif_template`), by `code:lang`. */
export async function customTemplates(tx: Tx, clientId: string): Promise<CustomTemplates> {
  return templatesOf(
    await rowsOf<TemplateRow>(
      tx,
      sql`SELECT code, lang, title, short, "full" FROM notif_templates WHERE client_id = ${clientId}`,
    ),
  );
}

/** The workspace's templates as one JSON array (`templatesOf` reads it): to ride along another statement. */
export const templatesJson = (clientId: string) =>
  sql`(SELECT coalesce(json_agg(json_build_object('code', code, 'lang', lang, 'title', title, 'short', short,
         'full', "full")), '[]') FROM notif_templates WHERE client_id = ${clientId})`;

export const templatesOf = (rows: TemplateRow[]): CustomTemplates =>
  new Map(rows.map((r) => [`${r.code}:${r.lang}`, { title: r.title, short: r.short, full: r.full }]));

/** A person's language, else their workspace's, else the installation's (DEFAULT_LANG). */
export const languages = (p: Platform, own: Lang | null | undefined, workspace: Lang | null | undefined): Lang[] =>
  [own, workspace, p.config.defaultLang].filter((l): l is Lang => !!l);
