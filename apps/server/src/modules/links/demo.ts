import type { Tx } from '../../platform/db/client.js';
import { linkBlocks, links } from './tables.js';

const LINKS = [
  { title: 'Employee handbook', url: 'https://northwind.example/handbook' },
  { title: 'Two-factor sign-in guide', url: 'https://northwind.example/it/2fa' },
  { title: 'IT helpdesk', url: 'https://helpdesk.northwind.example' },
  { title: 'Benefits portal', url: 'https://benefits.northwind.example' },
  { title: 'Canteen menu', url: 'https://northwind.example/canteen' },
];

/** The useful links of the demo workspace's company page. */
export async function seedLinks(tx: Tx, clientId: string): Promise<void> {
  const [block] = await tx.insert(linkBlocks).values({ clientId, module: 'company' }).returning();
  await tx.insert(links).values(LINKS.map((l, position) => ({ clientId, blockId: block.id, ...l, position })));
}
