// Baseline: the cheapest answer Fastify can give on this machine. No database, no hooks, no logging.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const answer = { result: { ok: true, name: 'Hallway', version: 1 } };
app.get('/ready', async () => ({ ok: true }));
app.get('/json', async () => answer);

await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
const stop = async () => {
  await app.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
