// The demo workspace's people (demo-people.ts), written with their pictures, chiefs and follows: bootstrap/demo.ts
// seeds them first, before every module's `demo`.
import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import type { Platform } from '../../platform/index.js';
import type { ClientRow } from '../clients/tables.js';
import { demoAvatar, demoCover, encodeDemoImage, storeDemoImages } from '../files/index.js';
import { DEMO_ANNIVERSARY_TODAY, DEMO_BIRTHDAY_TODAY, type DemoPerson, PEOPLE } from './demo-people.js';
import { createEmployee } from './register.js';
import { follows, users } from './tables.js';

/** Today's month-day (UTC), and whether it is 29 February, which only a leap year has. */
function todayOf(now: Date) {
  const monthDay = now.toISOString().slice(5, 10);
  return { monthDay, leapDay: monthDay === '02-29' };
}

function birthDate(person: DemoPerson, index: number, now: Date): string {
  const today = todayOf(now);
  if (person.login === DEMO_BIRTHDAY_TODAY) {
    // 28 years before a leap year is a leap year too.
    return `${now.getUTCFullYear() - (today.leapDay ? 28 : 30)}-${today.monthDay}`;
  }
  const age = 24 + ((index * 7) % 35);
  return `${now.getUTCFullYear() - age}-${person.birthday}`;
}

/** The day someone started: for the demo's anniversary of today, 8 years ago to the day (a leap year's 8 years). */
function workingSince(person: DemoPerson, now: Date): string {
  if (person.login !== DEMO_ANNIVERSARY_TODAY) return person.since;
  return `${now.getUTCFullYear() - 8}-${todayOf(now).monthDay}`;
}

/** Who of the demo has a profile cover besides a picture (a cover is two million pixels: a few are enough). */
const WITH_COVER = ['admin', 'daniel', 'anna', 'sofia', 'lukas', 'priya'];

export interface DemoPictures {
  avatars: Map<string, Buffer>;
  covers: Map<string, Buffer>;
}

/** Everyone's abstract portrait and the covers, encoded to WebP in parallel; the same every time. */
export async function drawDemoPictures(): Promise<DemoPictures> {
  const [avatars, covers] = await Promise.all([
    Promise.all(PEOPLE.map(async (p) => [p.login, await encodeDemoImage(demoAvatar(p.login))] as const)),
    Promise.all(WITH_COVER.map(async (login) => [login, await encodeDemoImage(demoCover(login))] as const)),
  ]);
  return { avatars: new Map(avatars), covers: new Map(covers) };
}

/** The pictures become each person's uploads (with thumbnails), their profile picture and cover. */
async function storePictures(
  tx: Tx,
  platform: Platform,
  clientId: string,
  ids: Map<string, string>,
  pictures: DemoPictures,
) {
  const items = [
    ...[...pictures.avatars].map(([login, bytes]) => ({ login, kind: 'avatar', bytes })),
    ...[...pictures.covers].map(([login, bytes]) => ({ login, kind: 'cover', bytes })),
  ];
  const stored = await storeDemoImages(
    platform.storage,
    tx,
    clientId,
    items.map((item) => ({
      ownerId: ids.get(item.login)!,
      name: `${item.login}-${item.kind}.webp`,
      bytes: item.bytes,
    })),
  );
  const pics = new Map<string, { src: string; mini?: string }>();
  const cover = new Map<string, string>();
  for (const [i, item] of items.entries()) {
    const file = stored[i];
    if (item.kind === 'avatar')
      pics.set(item.login, file.mini ? { src: file.src, mini: file.mini } : { src: file.src });
    else cover.set(item.login, file.src);
  }
  for (const [login, id] of ids) {
    const pic = pics.get(login);
    await tx
      .update(users)
      .set({ pics: pic ? [pic] : [], cover: cover.get(login) ?? '' })
      .where(eq(users.id, id));
  }
}

async function seedPeople(tx: Tx, client: ClientRow, passwordHash: string) {
  const now = new Date();
  const ids = new Map<string, string>();
  for (const [index, person] of PEOPLE.entries()) {
    const row = await createEmployee(tx, client, {
      login: person.login,
      email: `${person.login}@northwind.example`,
      firstName: person.firstName,
      lastName: person.lastName,
      gender: person.gender,
      position: person.position,
      department: person.department,
      city: person.city,
      birthDate: birthDate(person, index, now),
      workingSince: workingSince(person, now),
      phone: `+49 30 1234 ${String(5600 + index).padStart(4, '0')}`,
      internalPhone: String(100 + index),
      about: person.about ?? '',
      vacationDays: 28 - (index % 9),
      passwordHash,
      roles: person.admin ? ['admin'] : [],
    });
    ids.set(person.login, row.id);
  }
  for (const person of PEOPLE) {
    if (person.chief) {
      await tx
        .update(users)
        .set({ chief: ids.get(person.chief)! })
        .where(eq(users.id, ids.get(person.login)!));
    }
  }
  const anna = ids.get('anna')!;
  for (const login of ['sofia', 'lukas', 'priya', 'daniel']) {
    await tx.insert(follows).values({ clientId: client.id, followerId: anna, userId: ids.get(login)! });
  }
  return ids;
}

/**
 * Writes the demo's people into the workspace `client` (the transaction is in it), with `passwordHash`, and makes the
 * pictures `drawDemoPictures` drew their uploads, profile pictures and covers. Answers how many people it wrote.
 */
export async function seedDemoPeople(
  tx: Tx,
  platform: Platform,
  client: ClientRow,
  passwordHash: string,
  pictures: DemoPictures,
): Promise<number> {
  const ids = await seedPeople(tx, client, passwordHash);
  await storePictures(tx, platform, client.id, ids, pictures);
  return ids.size;
}
