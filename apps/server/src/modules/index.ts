import { checkModules, type Module } from '../platform/http/module.js';
import { module as analytics } from './analytics/module.js';
import { module as articles } from './articles/module.js';
import { module as auth } from './auth/module.js';
import { module as chat } from './chat/module.js';
import { module as clients } from './clients/module.js';
import { module as comments } from './comments/module.js';
import { module as events } from './events/module.js';
import { module as feedback } from './feedback/module.js';
import { module as files } from './files/module.js';
import { module as groups } from './groups/module.js';
import { module as learning } from './learning/module.js';
import { module as links } from './links/module.js';
import { module as mailings } from './mailings/module.js';
import { module as mood } from './mood/module.js';
import { module as notifications } from './notifications/module.js';
import { module as polls } from './polls/module.js';
import { module as posts } from './posts/module.js';
import { module as previews } from './previews/module.js';
import { module as services } from './services/module.js';
import { module as shop } from './shop/module.js';
import { module as structure } from './structure/module.js';
import { module as tasks } from './tasks/module.js';
import { module as users } from './users/module.js';
import { module as vacations } from './vacations/module.js';

/**
 * Every product module, in registration order (and demo-seed order). Adding a module is its folder with a
 * `module.ts` (docs/modules.md) and one line here; routes, maintenance, socket events, the demo seed and the
 * isolation suite are all built from this list.
 */
export const modules: readonly Module[] = [
  auth,
  clients,
  users,
  analytics,
  files,
  posts,
  comments,
  groups,
  links,
  notifications,
  mailings,
  structure,
  vacations,
  events,
  previews,
  articles,
  polls,
  services,
  tasks,
  chat,
  shop,
  mood,
  feedback,
  learning,
];

checkModules(modules);
