import { messages } from '@hallway/shared/mailings.messages';
import type { Module } from '../../platform/http/module.js';
import { seedMailings } from './demo.js';
import { mailingsModule } from './routes.js';
import * as tables from './tables.js';

/** Scheduled mailings (modules §3, §4, §7 "Mailing"): birthday greetings, a weekly digest, the people export. */
export const module: Module = {
  ...mailingsModule,
  // Mailings are e-mail the workspace sends its people: they go with the notifications feature.
  feature: { feature: 'notifications' },
  messages,
  tables,
  demo: seedMailings,
};
