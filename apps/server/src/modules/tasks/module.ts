import { messages } from '@hallway/shared/tasks.messages';
import { notifications } from '@hallway/shared/tasks.notifications';
import type { Module } from '../../platform/http/module.js';
import { seedTasks } from './demo.js';
import { tasksRealtimeOf } from './realtime.js';
import { tasksModule } from './routes.js';
import { tasksSocket } from './socket.js';
import * as tables from './tables.js';
import { taskCommentSubject } from './thread.js';

export const module: Module = {
  ...tasksModule,
  feature: { feature: 'task_tracker' },
  messages,
  notifications,
  rights: ['task_tracker', 'desk_add'],
  tables,
  socket: tasksSocket,
  demo: seedTasks,
  provides: (platform) => ({ taskCommentSubject, tasksRealtime: tasksRealtimeOf(platform) }),
};
