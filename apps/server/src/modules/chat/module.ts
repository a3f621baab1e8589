import { messages } from '@hallway/shared/chat.messages';
import { notifications } from '@hallway/shared/chat.notifications';
import type { Module } from '../../platform/http/module.js';
import { seedChat } from './demo.js';
import { chatRealtimeOf } from './realtime.js';
import { chatModule } from './routes.js';
import { chatSocket } from './socket.js';
import * as tables from './tables.js';

export const module: Module = {
  ...chatModule,
  feature: { feature: 'chat' },
  messages,
  notifications,
  rights: ['chat'],
  tables,
  socket: chatSocket,
  demo: seedChat,
  provides: (platform) => ({ chatRealtime: chatRealtimeOf(platform) }),
};
