import clients from './clients.mjs';
import notifications from './notifications.mjs';
import posts from './posts.mjs';
import users from './users.mjs';

/**
 * The generator steps, in order. A step is `{ name, after?: string[], run(ctx) }`: `run` writes its module's rows
 * through `ctx.session`, reads what earlier steps left in `ctx.state` (workspaces, user ids) and returns row counts.
 * Add posts, comments, likes… as new files here, after the steps they need.
 */
export const steps = [clients, users, posts, notifications];

const seen = new Set();
for (const step of steps) {
  for (const dependency of step.after ?? []) {
    if (!seen.has(dependency)) throw new Error(`Generator step ${step.name} must come after ${dependency}`);
  }
  seen.add(step.name);
}
