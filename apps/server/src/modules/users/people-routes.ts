// Spec modules §7 "Post views and follows"; portal §2 profile tabs and address book, §4 pins, §7 "Users".

import { followBody, followersDto, id, pinMoveBody, pinnedDto, resultOf, userDto, userFilters } from '@hallway/shared';
import { z } from 'zod';
import { assertOwnWorkspace } from '../../platform/access/tenancy.js';
import type { App } from '../../platform/http/module.js';
import type { Platform } from '../../platform/index.js';
import { announce } from './announce.js';
import * as people from './people.js';
import * as service from './service.js';

const idParams = z.object({ id });

export function peopleRoutes(app: App, platform: Platform): void {
  for (const [path, follow] of [
    ['/api/follow', true],
    ['/api/unfollow', false],
  ] as const) {
    app.post(
      path,
      {
        schema: {
          tags: ['users'],
          summary: follow ? 'Follow a colleague (their feed posts join the user feed)' : 'Stop following a colleague',
          body: followBody,
          response: { 200: resultOf(userDto) },
        },
        config: { access: { signedIn: true } },
      },
      async (req) => ({
        result: await service.presentOne(req.ctx, await people.setFollow(req.ctx, req.body.user_id, follow)),
      }),
    );
  }

  app.get(
    '/api/user/:id/followers',
    {
      schema: {
        tags: ['users'],
        summary: 'Who follows the person and whom they follow (active people, by name)',
        params: idParams,
        response: { 200: resultOf(followersDto) },
      },
      config: { access: { signedIn: true } },
    },
    async (req) => ({ result: await people.followersList(req.ctx, req.params.id) }),
  );

  app.get(
    '/api/user/filters/:clientId',
    {
      schema: {
        tags: ['users'],
        summary: 'Departments and cities of the active people, for the address-book filters',
        params: z.object({ clientId: id }),
        response: { 200: resultOf(userFilters) },
      },
      config: { access: { signedIn: true } },
    },
    async (req) => {
      assertOwnWorkspace(req.ctx, req.params.clientId);
      return { result: await people.userFilters(req.ctx) };
    },
  );

  app.put(
    '/api/user/pin/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'Pin a person to the top of the address book, or unpin them (administrators)',
        params: idParams,
        response: { 200: resultOf(pinnedDto) },
      },
      config: { access: { role: 'admin' } },
    },
    async (req) => ({ result: await people.togglePin(req.ctx, req.params.id) }),
  );

  app.put(
    '/api/user/pin_move',
    {
      schema: {
        tags: ['users'],
        summary: 'Swap the places (pinned_num) of two pinned people (administrators)',
        body: pinMoveBody,
        response: { 200: resultOf(z.array(pinnedDto)) },
      },
      config: { access: { role: 'admin' } },
    },
    async (req) => ({ result: await people.movePin(req.ctx, req.body.from, req.body.to) }),
  );

  app.delete(
    '/api/user/:userId/file/:fileId',
    {
      schema: {
        tags: ['users'],
        summary: 'Remove an HR file from a profile and delete the file (administrators)',
        params: z.object({ userId: id, fileId: id }),
        response: { 200: resultOf(userDto) },
      },
      config: { access: { role: 'admin' }, params: { fileId: 'hr_file' } },
    },
    async (req) => ({
      result: announce(
        platform,
        req.ctx,
        await service.presentOne(
          req.ctx,
          await service.removeHrFile(platform, req.ctx, req.params.userId, req.params.fileId),
        ),
      ),
    }),
  );
}
