import { randomBytes } from 'node:crypto';
import { DEFAULT_RIGHTS, FEATURES, type Gender } from '@hallway/shared';
import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { clients } from '../modules/clients/tables.js';
import { demoAvatar, demoCover, encodeDemoImage, storeDemoImages } from '../modules/files/index.js';
import { modules } from '../modules/index.js';
import { createEmployee } from '../modules/users/register.js';
import { follows, users } from '../modules/users/tables.js';
import { hashPassword } from '../platform/auth/passwords.js';
import { rowsOf, type Tx } from '../platform/db/client.js';
import { switchTenant } from '../platform/db/switch-tenant.js';
import { inSystem } from '../platform/db/tenant.js';
import type { Platform } from '../platform/index.js';
import type { FirstStartAccounts } from './credentials.js';

export const DEMO_WORKSPACE = 'demo';
export const DEMO_ADMIN_LOGIN = 'admin';
export const DEMO_EMPLOYEE_LOGIN = 'anna';

interface DemoPerson {
  login: string;
  firstName: string;
  lastName: string;
  gender: Gender;
  position: string;
  department: string;
  city: string;
  /** Month-day of birth; the year is derived so ages spread from 24 to 58. */
  birthday: string;
  since: string;
  chief?: string;
  admin?: boolean;
  about?: string;
}

/** A believable small company: leadership, engineering, sales, marketing, HR, finance, support. */
const PEOPLE: DemoPerson[] = [
  {
    login: 'admin',
    firstName: 'Maria',
    lastName: 'Lopez',
    gender: 'woman',
    position: 'Office Manager',
    department: 'Administration',
    city: 'Berlin',
    birthday: '03-14',
    since: '2017-02-01',
    admin: true,
    about: 'I keep Hallway running. Ask me about access, equipment and the office.',
  },
  {
    login: 'daniel',
    firstName: 'Daniel',
    lastName: 'Weber',
    gender: 'man',
    position: 'Chief Executive Officer',
    department: 'Management',
    city: 'Berlin',
    birthday: '07-02',
    since: '2015-06-01',
    about: 'Founder. Happy to chat about where we are heading.',
  },
  {
    login: 'anna',
    firstName: 'Anna',
    lastName: 'Kowalski',
    gender: 'woman',
    position: 'Product Designer',
    department: 'Product',
    city: 'Berlin',
    birthday: '11-23',
    since: '2021-09-13',
    chief: 'sofia',
    about: 'Designing calm interfaces. Coffee, climbing, typography.',
  },
  {
    login: 'sofia',
    firstName: 'Sofia',
    lastName: 'Rossi',
    gender: 'woman',
    position: 'Head of Product',
    department: 'Product',
    city: 'Berlin',
    birthday: '05-09',
    since: '2018-04-02',
    chief: 'daniel',
  },
  {
    login: 'lukas',
    firstName: 'Lukas',
    lastName: 'Schmidt',
    gender: 'man',
    position: 'Engineering Manager',
    department: 'Engineering',
    city: 'Berlin',
    birthday: '09-30',
    since: '2016-11-15',
    chief: 'daniel',
  },
  {
    login: 'priya',
    firstName: 'Priya',
    lastName: 'Sharma',
    gender: 'woman',
    position: 'Senior Backend Engineer',
    department: 'Engineering',
    city: 'Berlin',
    birthday: '01-18',
    since: '2019-03-04',
    chief: 'lukas',
  },
  {
    login: 'tom',
    firstName: 'Tom',
    lastName: 'Becker',
    gender: 'man',
    position: 'Frontend Engineer',
    department: 'Engineering',
    city: 'Hamburg',
    birthday: '12-05',
    since: '2022-01-10',
    chief: 'lukas',
  },
  {
    login: 'yuki',
    firstName: 'Yuki',
    lastName: 'Tanaka',
    gender: 'woman',
    position: 'QA Engineer',
    department: 'Engineering',
    city: 'Hamburg',
    birthday: '04-27',
    since: '2020-07-20',
    chief: 'lukas',
  },
  {
    login: 'omar',
    firstName: 'Omar',
    lastName: 'Haddad',
    gender: 'man',
    position: 'DevOps Engineer',
    department: 'Engineering',
    city: 'Berlin',
    birthday: '08-11',
    since: '2021-02-01',
    chief: 'lukas',
  },
  {
    login: 'elena',
    firstName: 'Elena',
    lastName: 'Popescu',
    gender: 'woman',
    position: 'Mobile Engineer',
    department: 'Engineering',
    city: 'Remote',
    birthday: '02-03',
    since: '2023-05-15',
    chief: 'lukas',
  },
  {
    login: 'jonas',
    firstName: 'Jonas',
    lastName: 'Fischer',
    gender: 'man',
    position: 'Head of Sales',
    department: 'Sales',
    city: 'Munich',
    birthday: '06-21',
    since: '2017-08-01',
    chief: 'daniel',
  },
  {
    login: 'chloe',
    firstName: 'Chloé',
    lastName: 'Martin',
    gender: 'woman',
    position: 'Account Executive',
    department: 'Sales',
    city: 'Munich',
    birthday: '10-12',
    since: '2022-03-01',
    chief: 'jonas',
  },
  {
    login: 'mateo',
    firstName: 'Mateo',
    lastName: 'García',
    gender: 'man',
    position: 'Account Executive',
    department: 'Sales',
    city: 'Munich',
    birthday: '03-29',
    since: '2023-10-02',
    chief: 'jonas',
  },
  {
    login: 'ava',
    firstName: 'Ava',
    lastName: 'Johnson',
    gender: 'woman',
    position: 'Sales Development Rep',
    department: 'Sales',
    city: 'Hamburg',
    birthday: '12-19',
    since: '2024-09-02',
    chief: 'jonas',
  },
  {
    login: 'felix',
    firstName: 'Felix',
    lastName: 'Wagner',
    gender: 'man',
    position: 'Marketing Lead',
    department: 'Marketing',
    city: 'Berlin',
    birthday: '09-08',
    since: '2019-01-14',
    chief: 'daniel',
  },
  {
    login: 'lea',
    firstName: 'Lea',
    lastName: 'Hoffmann',
    gender: 'woman',
    position: 'Content Manager',
    department: 'Marketing',
    city: 'Berlin',
    birthday: '07-25',
    since: '2021-06-07',
    chief: 'felix',
  },
  {
    login: 'noah',
    firstName: 'Noah',
    lastName: 'Klein',
    gender: 'man',
    position: 'Performance Marketer',
    department: 'Marketing',
    city: 'Remote',
    birthday: '01-30',
    since: '2022-11-21',
    chief: 'felix',
  },
  {
    login: 'hannah',
    firstName: 'Hannah',
    lastName: 'Schulz',
    gender: 'woman',
    position: 'HR Business Partner',
    department: 'People',
    city: 'Berlin',
    birthday: '04-04',
    since: '2018-09-03',
    chief: 'daniel',
  },
  {
    login: 'amir',
    firstName: 'Amir',
    lastName: 'Nasser',
    gender: 'man',
    position: 'Recruiter',
    department: 'People',
    city: 'Berlin',
    birthday: '11-02',
    since: '2023-02-13',
    chief: 'hannah',
  },
  {
    login: 'clara',
    firstName: 'Clara',
    lastName: 'Neumann',
    gender: 'woman',
    position: 'Finance Manager',
    department: 'Finance',
    city: 'Berlin',
    birthday: '08-17',
    since: '2016-05-02',
    chief: 'daniel',
  },
  {
    login: 'david',
    firstName: 'David',
    lastName: 'Cohen',
    gender: 'man',
    position: 'Accountant',
    department: 'Finance',
    city: 'Berlin',
    birthday: '02-26',
    since: '2020-10-05',
    chief: 'clara',
  },
  {
    login: 'ines',
    firstName: 'Inês',
    lastName: 'Silva',
    gender: 'woman',
    position: 'Support Team Lead',
    department: 'Customer Support',
    city: 'Lisbon',
    birthday: '05-31',
    since: '2019-07-01',
    chief: 'daniel',
  },
  {
    login: 'pedro',
    firstName: 'Pedro',
    lastName: 'Santos',
    gender: 'man',
    position: 'Support Specialist',
    department: 'Customer Support',
    city: 'Lisbon',
    birthday: '10-28',
    since: '2022-04-19',
    chief: 'ines',
  },
  {
    login: 'mia',
    firstName: 'Mia',
    lastName: 'Larsen',
    gender: 'woman',
    position: 'Support Specialist',
    department: 'Customer Support',
    city: 'Lisbon',
    birthday: '06-06',
    since: '2024-01-08',
    chief: 'ines',
  },
  {
    login: 'ben',
    firstName: 'Ben',
    lastName: 'Walker',
    gender: 'man',
    position: 'Data Analyst',
    department: 'Product',
    city: 'Remote',
    birthday: '12-01',
    since: '2021-12-01',
    chief: 'sofia',
  },
];

/**
 * Whose birthday and whose work anniversary the demo celebrates on the day it is seeded, so that the birthdays widget
 * and page open with someone to congratulate (issue 12).
 */
export const DEMO_BIRTHDAY_TODAY = 'priya';
export const DEMO_ANNIVERSARY_TODAY = 'lukas';

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

/**
 * Seeds the demo workspace on an empty database so a newcomer sees a living intranet. Everyone's password is
 * DEMO_PASSWORD, or a random one answered for main.ts to print once (null when nothing needs printing): a demo left
 * running on a public address must not open with a password everyone knows.
 */
export async function seedDemo(platform: Platform, log: Logger): Promise<FirstStartAccounts | null> {
  const password = platform.config.demoPassword ?? randomBytes(9).toString('base64url');
  const clientCount = (tx: Tx) =>
    rowsOf<{ count: number }>(tx, sql`SELECT count(*)::int AS count FROM clients`).then(([row]) => row.count);
  // On a first start the pictures are drawn on sharp's threads while the password is hashed and the people written.
  const pictures = (await inSystem(platform.database, clientCount)) === 0 ? drawPictures() : null;
  // Nothing may be left unawaited when the seeding stops before the pictures are stored.
  pictures?.catch(() => undefined);
  const passwordHash = await hashPassword(password);
  const created = await inSystem(platform.database, async (tx) => {
    if (!pictures || (await clientCount(tx)) > 0) return false;
    const [client] = await tx
      .insert(clients)
      .values({
        workspace: DEMO_WORKSPACE,
        name: 'Northwind Labs',
        fullName: 'Northwind Labs GmbH',
        city: 'Berlin',
        phone: '+49 30 1234 5670',
        address: 'Torstraße 101, 10119 Berlin',
        director: 'Daniel Weber',
        comments: 'Demo workspace seeded on first start.',
        colors: { primary: '#228be6' },
        lang: platform.config.defaultLang,
        features: FEATURES.map((code) => ({ code, active: true })),
        settings: { openRegistration: false, defaultRights: DEFAULT_RIGHTS },
      })
      .onConflictDoNothing()
      .returning();
    if (!client) return false;
    await switchTenant(tx, client.id);
    const ids = await seedPeople(tx, client, passwordHash);
    await storePictures(tx, platform, client.id, ids, await pictures);
    for (const module of modules) await module.demo?.(tx, client.id, platform);
    return true;
  });
  if (!created) return null;
  log.info(
    { workspace: DEMO_WORKSPACE, people: PEOPLE.length },
    `demo workspace "${DEMO_WORKSPACE}" seeded (DEMO=0 turns this off)`,
  );
  if (platform.config.demoPassword) return null;
  return {
    title: `Demo workspace "${DEMO_WORKSPACE}" (DEMO_PASSWORD was not set; every demo person has this password)`,
    lines: [`administrator: ${DEMO_ADMIN_LOGIN}   employee: ${DEMO_EMPLOYEE_LOGIN}`, `password: ${password}`],
  };
}

/** Who of the demo has a profile cover besides a picture (a cover is two million pixels: a few are enough). */
const WITH_COVER = ['admin', 'daniel', 'anna', 'sofia', 'lukas', 'priya'];

interface DemoPictures {
  avatars: Map<string, Buffer>;
  covers: Map<string, Buffer>;
}

/** Everyone's abstract portrait and the covers, encoded to WebP in parallel; the same every time. */
async function drawPictures(): Promise<DemoPictures> {
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

async function seedPeople(tx: Tx, client: typeof clients.$inferSelect, passwordHash: string) {
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
