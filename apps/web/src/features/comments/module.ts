import { defineWebModule } from '../../app/webModule';

/**
 * Comments (docs/api.md "Comments"): a thread of any subject (`{ type, id }`) that other modules' pages show through
 * `index.ts` — a request's (services), a task's (the task tracker). No pages of its own.
 */
export default defineWebModule({ name: 'comments' });
