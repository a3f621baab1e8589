// Modules §7 "Mood" (and the settings docs/api.md "Mood" adds); portal §4 startup step 6.
import { resultOf } from '@hallway/shared';
import {
  moodBody,
  moodCheck,
  moodCheckParams,
  moodDto,
  moodSettings,
  moodStat,
  moodStatParams,
} from '@hallway/shared/mood';
import type { ModuleRoutes } from '../../platform/http/module.js';
import * as service from './service.js';

const tags = ['mood'];

export const moodModule: ModuleRoutes = {
  name: 'mood',
  routes(app) {
    app.get(
      '/api/mood/check/:id',
      {
        schema: {
          summary: 'Whether the mood meter should ask the caller today (their own id only)',
          tags,
          params: moodCheckParams,
          response: { 200: moodCheck },
        },
        config: { access: { signedIn: true }, params: { id: 'user' } },
      },
      async (req) => service.check(req.ctx, req.params.id),
    );

    app.post(
      '/api/mood',
      {
        schema: {
          summary: "Today's mood, 1 to 10, with an optional comment; once a day",
          tags,
          body: moodBody,
          response: { 200: resultOf(moodDto) },
        },
        config: { access: { signedIn: true } },
      },
      async (req) => ({ result: await service.rate(req.ctx, req.body) }),
    );

    app.get(
      '/api/mood/stat/:client/:from/:to',
      {
        schema: {
          summary: "The workspace's mood over one or two weeks: average, distribution, trend, departments",
          tags,
          params: moodStatParams,
          response: { 200: resultOf(moodStat) },
        },
        config: { access: { role: 'admin' }, params: { client: 'client' } },
      },
      async (req) => ({ result: await service.stat(req.ctx, req.params.client, req.params.from, req.params.to) }),
    );

    app.get(
      '/api/mood/settings',
      {
        schema: { summary: "The workspace's mood settings", tags, response: { 200: resultOf(moodSettings) } },
        config: { access: { role: 'admin' } },
      },
      async (req) => ({ result: await service.settings(req.ctx) }),
    );

    app.put(
      '/api/mood/settings',
      {
        schema: {
          summary: 'Sets the minimum of answers a department needs to be shown on its own',
          tags,
          body: moodSettings,
          response: { 200: resultOf(moodSettings) },
        },
        config: { access: { role: 'admin' } },
      },
      async (req) => ({ result: await service.saveSettings(req.ctx, req.body) }),
    );
  },
};
