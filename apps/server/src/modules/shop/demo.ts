// The demo workspace's shop: a store with its currency, achievements, items (one sold out), people thanked with coins
// and badges over the last months, and purchases, one waiting to be handed over. Written like the service writes
// them: every coin change is a ledger row, and each person's balance is the sum of theirs.
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.js';
import type { Platform } from '../../platform/index.js';
import { type DemoImage, encodeDemoImage, storeDemoImages } from '../files/index.js';
import { users } from '../users/tables.js';
import {
  shopAccruals,
  shopAchievements,
  shopBalances,
  shopItems,
  shopLedger,
  shopManagers,
  shopPurchases,
  shopSettings,
} from './tables.js';

const ACHIEVEMENTS = [
  { key: 'helper', name: 'Helping hand', description: 'Went out of their way to help a colleague.' },
  { key: 'launch', name: 'Launch hero', description: 'Carried a release over the finish line.' },
  { key: 'customer', name: 'Customer champion', description: 'A customer wrote in to thank them by name.' },
  { key: 'mentor', name: 'Mentor', description: 'Helped a newcomer find their feet.' },
  { key: 'idea', name: 'Bright idea', description: 'Suggested an improvement we now all use.' },
];

const ITEMS = [
  {
    name: 'Hallway hoodie',
    description: 'Soft grey hoodie with the logo on the back. Sizes S–XXL.',
    cost: 300,
    stock: 25,
  },
  { name: 'Insulated bottle', description: 'Keeps coffee hot for 12 hours, water cold for 24.', cost: 150, stock: 40 },
  { name: 'Extra day off', description: 'One more day of paid leave, to take within the year.', cost: 1000, stock: 5 },
  { name: 'Lunch with the CEO', description: 'An hour with Daniel at the place of your choice.', cost: 500, stock: 0 },
  { name: 'Cinema tickets for two', description: 'Any film, any evening, popcorn included.', cost: 200, stock: 12 },
  { name: 'Notebook and pen set', description: 'Dotted A5 notebook with a metal pen.', cost: 60, stock: 80 },
  { name: 'Plant for your desk', description: 'A small, hard-to-kill plant in a ceramic pot.', cost: 80, stock: 20 },
];

/** Who was thanked, by whom, with what; `days` ago. */
const ACCRUALS: { to: string; by: string; amount?: number; badge?: string; comment: string; days: number }[] = [
  {
    to: 'priya',
    by: 'lukas',
    amount: 400,
    badge: 'launch',
    comment: 'Shipped the payments migration without a minute of downtime.',
    days: 70,
  },
  {
    to: 'ines',
    by: 'admin',
    amount: 250,
    badge: 'customer',
    comment: 'Three customers mentioned you in the satisfaction survey.',
    days: 62,
  },
  { to: 'tom', by: 'lukas', amount: 150, comment: 'Fixed the flaky sign-in test that haunted us for weeks.', days: 55 },
  {
    to: 'anna',
    by: 'sofia',
    amount: 450,
    badge: 'idea',
    comment: 'The new onboarding flow cut support tickets by a third.',
    days: 48,
  },
  {
    to: 'hannah',
    by: 'admin',
    amount: 200,
    badge: 'mentor',
    comment: 'Every newcomer this spring asked for you by name.',
    days: 40,
  },
  {
    to: 'omar',
    by: 'lukas',
    amount: 350,
    comment: 'Brought the staging cluster back at 2 a.m. on a Sunday.',
    days: 33,
  },
  {
    to: 'chloe',
    by: 'jonas',
    amount: 250,
    badge: 'customer',
    comment: 'Closed the Nordwind deal after a six-month cycle.',
    days: 27,
  },
  {
    to: 'yuki',
    by: 'lukas',
    badge: 'helper',
    comment: 'Paired with the mobile team on their test plan for a whole week.',
    days: 20,
  },
  { to: 'pedro', by: 'ines', amount: 120, comment: 'Took the holiday queue so the others could be off.', days: 14 },
  {
    to: 'admin',
    by: 'daniel',
    amount: 600,
    badge: 'helper',
    comment: 'Moved the whole office over a weekend, and nothing got lost.',
    days: 9,
  },
  { to: 'lea', by: 'felix', amount: 180, comment: 'The customer story series doubled our newsletter opens.', days: 5 },
  {
    to: 'elena',
    by: 'lukas',
    amount: 220,
    badge: 'launch',
    comment: 'The offline mode is out and the reviews love it.',
    days: 2,
  },
];

/** Who bought what (an index into ITEMS), `days` ago, and whether it was handed over. */
const PURCHASES = [
  { by: 'priya', item: 1, days: 60, handed: true },
  { by: 'ines', item: 4, days: 50, handed: true },
  { by: 'anna', item: 0, days: 30, handed: true },
  { by: 'omar', item: 0, days: 12, handed: true },
  { by: 'chloe', item: 4, days: 3, handed: false },
];

/**
 * An item's picture at the shop's size (200x360): a gift box in the item's colour under a soft spotlight, drawn as
 * SVG like the demo's other pictures (nothing downloaded).
 */
function itemPicture(index: number): DemoImage {
  const hue = (index * 47 + 200) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="360" viewBox="0 0 200 360">
<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue},45%,92%)"/><stop offset="1" stop-color="hsl(${hue},40%,78%)"/></linearGradient>
<radialGradient id="spot"><stop offset="0" stop-color="#fff" stop-opacity="0.8"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>
<rect width="200" height="360" fill="url(#bg)"/><circle cx="100" cy="170" r="110" fill="url(#spot)"/>
<ellipse cx="100" cy="262" rx="62" ry="10" fill="hsl(${hue},30%,55%)" opacity="0.35"/>
<rect x="45" y="160" width="110" height="98" rx="6" fill="hsl(${hue},62%,52%)"/>
<rect x="38" y="136" width="124" height="32" rx="6" fill="hsl(${hue},62%,44%)"/>
<rect x="92" y="136" width="16" height="122" fill="hsl(${(hue + 180) % 360},70%,62%)"/>
<path d="M100 136 C 78 102, 52 118, 70 136 Z M100 136 C 122 102, 148 118, 130 136 Z" fill="hsl(${(hue + 180) % 360},70%,58%)"/>
</svg>`;
  return { name: `shop-item-${index + 1}.webp`, svg };
}

const ago = (days: number, hour = 10) => new Date(Date.now() - days * 86_400_000 - hour * 3_600_000);

export async function seedShop(tx: Tx, clientId: string, platform: Platform): Promise<void> {
  const people = await tx
    .select({ id: users.id, login: users.login })
    .from(users)
    .where(and(eq(users.clientId, clientId), eq(users.deletionMark, false)));
  const id = new Map(people.map((p) => [p.login, p.id]));
  if (!id.has('admin') || !id.has('hannah')) return;
  const who = (login: string) => id.get(login) ?? id.get('admin')!;

  await tx.insert(shopSettings).values({
    clientId,
    name: 'Hallway Store',
    coin: 'Thanks',
    coinShort: 'TH',
    description: 'Colleagues thank each other with Thanks; spend them here on things that make work nicer.',
  });
  await tx.insert(shopManagers).values([{ clientId, userId: who('hannah') }]);

  const badges = await tx
    .insert(shopAchievements)
    .values(ACHIEVEMENTS.map((a, i) => ({ clientId, name: a.name, description: a.description, created: ago(90 - i) })))
    .returning({ id: shopAchievements.id });
  const badge = new Map(ACHIEVEMENTS.map((a, i) => [a.key, badges[i].id]));

  const encoded = await Promise.all(ITEMS.map((_, i) => encodeDemoImage(itemPicture(i))));
  const pictures = await storeDemoImages(
    platform.storage,
    tx,
    clientId,
    encoded.map((bytes, i) => ({ ownerId: who('hannah'), name: itemPicture(i).name, bytes })),
  );
  const items = await tx
    .insert(shopItems)
    .values(
      ITEMS.map((item, i) => ({
        clientId,
        name: item.name,
        description: item.description,
        cost: item.cost,
        startAmount: item.stock,
        amount: item.stock,
        rest: item.stock,
        pics: [pictures[i]],
        sort: i * 10,
        created: ago(90),
      })),
    )
    .returning({ id: shopItems.id });

  // Every coin change in time order, each ledger row carrying the balance after it.
  const balance = new Map<string, { amount: number; earned: number; spent: number }>();
  const of = (userId: string) => balance.get(userId) ?? { amount: 0, earned: 0, spent: 0 };
  type Change = { days: number; write: () => Promise<void> };
  const changes: Change[] = [];
  for (const a of ACCRUALS) {
    changes.push({
      days: a.days,
      write: async () => {
        const userId = who(a.to);
        const [row] = await tx
          .insert(shopAccruals)
          .values({
            clientId,
            userId,
            authorId: who(a.by),
            amount: a.amount ?? null,
            achievementId: a.badge ? badge.get(a.badge)! : null,
            comment: a.comment,
            created: ago(a.days),
          })
          .returning({ id: shopAccruals.id });
        if (!a.amount) return;
        const b = of(userId);
        const next = { amount: b.amount + a.amount, earned: b.earned + a.amount, spent: b.spent };
        balance.set(userId, next);
        await tx.insert(shopLedger).values({
          clientId,
          userId,
          kind: 'accrual',
          delta: a.amount,
          balance: next.amount,
          accrualId: row.id,
          authorId: who(a.by),
          comment: a.comment,
          created: ago(a.days),
        });
      },
    });
  }
  for (const p of PURCHASES) {
    changes.push({
      days: p.days,
      write: async () => {
        const userId = who(p.by);
        const item = ITEMS[p.item];
        const b = of(userId);
        if (b.amount < item.cost) return;
        const [row] = await tx
          .insert(shopPurchases)
          .values({
            clientId,
            userId,
            itemId: items[p.item].id,
            cost: item.cost,
            created: ago(p.days, 8),
            handedAt: p.handed ? ago(p.days - 1) : null,
            handedBy: p.handed ? who('hannah') : null,
          })
          .returning({ id: shopPurchases.id });
        const next = { amount: b.amount - item.cost, earned: b.earned, spent: b.spent + item.cost };
        balance.set(userId, next);
        await tx.insert(shopLedger).values({
          clientId,
          userId,
          kind: 'purchase',
          delta: -item.cost,
          balance: next.amount,
          purchaseId: row.id,
          authorId: userId,
          created: ago(p.days, 8),
        });
        const [stock] = await tx
          .select({ rest: shopItems.rest, sales: shopItems.sales })
          .from(shopItems)
          .where(eq(shopItems.id, items[p.item].id));
        await tx
          .update(shopItems)
          .set({ rest: stock.rest - 1, sales: stock.sales + 1 })
          .where(eq(shopItems.id, items[p.item].id));
      },
    });
  }
  // Older first (more days ago first); an accrual before a purchase of the same day.
  for (const change of changes.sort((x, y) => y.days - x.days)) await change.write();
  if (balance.size) {
    await tx.insert(shopBalances).values([...balance].map(([userId, b]) => ({ clientId, userId, ...b })));
  }
}
