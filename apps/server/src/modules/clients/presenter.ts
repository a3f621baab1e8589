import { type ClientDto, DEFAULT_RIGHTS, FEATURES, type FeatureFlag } from '@hallway/shared';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import { type ClientRow, clients } from './tables.js';

/** Every feature, in catalogue order; flags the row lacks count as off (as the route guard sees them). */
export function completeFeatures(stored: FeatureFlag[]): FeatureFlag[] {
  return FEATURES.map((code) => ({ code, active: stored.find((f) => f.code === code)?.active ?? false }));
}

export function presentClient(row: ClientRow, extra: { storageUsed?: number; usersCount?: number } = {}): ClientDto {
  return {
    _id: row.id,
    workspace: row.workspace,
    name: row.name,
    fullName: row.fullName,
    status: row.status,
    city: row.city,
    phone: row.phone,
    address: row.address,
    director: row.director,
    telegram: row.telegram,
    storageSize: row.storageSize,
    storageUsed: extra.storageUsed ?? 0,
    comments: row.comments,
    inn: row.inn,
    logo: row.logo,
    header: row.header,
    sidepanel: row.sidepanel,
    colors: row.colors,
    font: row.font,
    menu: row.menu,
    features: completeFeatures(row.features),
    start_page: row.startPage,
    lang: row.lang,
    settings: {
      hideMoodMeter: row.settings.hideMoodMeter ?? false,
      openRegistration: row.settings.openRegistration ?? false,
      registrationApproval: !!row.settings.registrationApproval,
      defaultRights: { ...DEFAULT_RIGHTS, ...row.settings.defaultRights },
      timeZone: row.settings.timeZone ?? null,
    },
    lmsAdmins: row.lmsAdmins,
    ...(extra.usersCount !== undefined ? { usersCount: extra.usersCount } : {}),
    created: row.created.toISOString(),
  };
}

/** The workspace's IANA time zone, or null when the administrators chose none. */
export async function workspaceTimeZone(tx: Tx, clientId: string): Promise<string | null> {
  const [row] = await tx.select({ settings: clients.settings }).from(clients).where(eq(clients.id, clientId));
  return row?.settings.timeZone ?? null;
}
