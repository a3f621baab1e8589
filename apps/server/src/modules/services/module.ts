import { messages } from '@hallway/shared/services.messages';
import { notifications } from '@hallway/shared/services.notifications';
import type { Module } from '../../platform/http/module.js';
import { seedServices } from './demo.js';
import { servicesRealtimeOf } from './realtime.js';
import { servicesModule } from './routes.js';
import { servicesSocket } from './socket.js';
import * as tables from './tables.js';
import { bpCommentSubject } from './thread.js';

export const module: Module = {
  ...servicesModule,
  feature: { feature: 'services' },
  messages,
  notifications,
  rights: ['services'],
  tables,
  socket: servicesSocket,
  demo: seedServices,
  provides: (platform) => ({ bpCommentSubject, servicesRealtime: servicesRealtimeOf(platform) }),
};
