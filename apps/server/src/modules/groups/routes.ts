// Spec portal §2 (/groups/, /group/:_id), §3 Group, §4 Groups transitions, §5 Groups, §6 grants, §7 Groups.
import {
  adminToggleBody,
  audienceGrants,
  createGroupBody,
  groupDetailDto,
  groupFollowBody,
  groupInboxDto,
  groupListQuery,
  groupMemberDto,
  groupMembersPage,
  groupMembersQuery,
  groupPage,
  groupPendingPage,
  id,
  inviteBody,
  okResult,
  pageQuery,
  replaceOwnerResult,
  resultOf,
  updateGroupBody,
  userGrantBody,
} from '@hallway/shared';
import { z } from 'zod';
import { assertOwnWorkspace } from '../../platform/access/tenancy.js';
import { forbidden } from '../../platform/errors/app-error.js';
import type { ModuleRoutes } from '../../platform/http/module.js';
import { useRealtime } from './events.js';
import * as membership from './membership.js';
import { registerProjectRoutes } from './project-routes.js';
import * as service from './service.js';
import { readableGroupIds } from './wall.js';

const tags = ['groups'];
const signedIn = { signedIn: true } as const;
const detail = { 200: resultOf(groupDetailDto) };
const groupParams = z.object({ id });
const memberParams = z.object({ id, userId: id });
const pictures = { cover: 'file', avatar: 'file' };

/** The kind of group each call works on in the isolation suite (isolation.ts): calls that use up their object get their own. */
const on = (kind: string, more: Record<string, string> = {}) => ({ access: signedIn, params: { id: kind, ...more } });

export const groupsModule: ModuleRoutes = {
  name: 'groups',
  routes(app, platform) {
    useRealtime(platform);

    app.post(
      '/api/group/',
      {
        schema: { tags, summary: 'Create a group', body: createGroupBody, response: detail },
        config: { access: { right: 'groups' }, body: pictures },
      },
      async (req) => ({ result: await service.createGroup(req.ctx, req.body) }),
    );

    app.get(
      '/api/group/byUser/:id',
      {
        schema: {
          tags,
          summary: 'The groups a person belongs to',
          params: groupParams,
          querystring: groupListQuery,
          response: { 200: groupPage },
        },
        config: { access: signedIn, params: { id: 'user' } },
      },
      async (req) => service.personGroups(req.ctx, req.params.id, req.query),
    );

    app.get(
      '/api/group/byClient/:id',
      {
        schema: {
          tags,
          summary: "A workspace's groups the caller may see",
          params: groupParams,
          querystring: groupListQuery,
          response: { 200: groupPage },
        },
        config: { access: signedIn, params: { id: 'client' } },
      },
      async (req) => {
        assertOwnWorkspace(req.ctx, req.params.id);
        return service.workspaceGroups(req.ctx, req.query);
      },
    );

    app.get(
      '/api/group/inbox',
      {
        schema: {
          tags,
          summary: "The caller's group invitations, requests and requests to approve",
          response: { 200: resultOf(groupInboxDto) },
        },
        config: { access: signedIn },
      },
      async (req) => ({ result: await membership.inbox(req.ctx) }),
    );

    app.get(
      '/api/group/can_read_by/:userId',
      {
        schema: {
          tags,
          summary: 'The groups and project walls a person may read (oneself only)',
          params: z.object({ userId: id }),
          response: { 200: resultOf(z.array(z.string())) },
        },
        config: { access: signedIn },
      },
      async (req) => {
        // A person's access is their own business: another's would reveal private groups' ids.
        if (req.params.userId !== req.ctx.me().id) throw forbidden();
        return { result: await readableGroupIds(req.ctx, req.params.userId) };
      },
    );

    app.get(
      '/api/group/:id',
      { schema: { tags, summary: 'Get a group', params: groupParams, response: detail }, config: on('group') },
      async (req) => ({ result: await service.detailOf(req.ctx, req.params.id) }),
    );

    app.put(
      '/api/group/:id',
      {
        schema: { tags, summary: 'Change a group', params: groupParams, body: updateGroupBody, response: detail },
        config: { ...on('group'), body: pictures },
      },
      async (req) => ({ result: await service.updateGroup(req.ctx, req.params.id, req.body) }),
    );

    app.delete(
      '/api/group/:id',
      {
        schema: { tags, summary: 'Delete a group', params: groupParams, response: { 200: okResult } },
        config: on('group_delete'),
      },
      async (req) => {
        await service.deleteGroup(req.ctx, req.params.id);
        return { result: true };
      },
    );

    app.put(
      '/api/group/:groupId/grants',
      {
        schema: {
          tags,
          summary: 'Set who may read and write a group',
          params: z.object({ groupId: id }),
          body: z.object({ grants: audienceGrants }),
          response: detail,
        },
        config: { access: signedIn, params: { groupId: 'group' } },
      },
      async (req) => ({ result: await service.replaceGrants(req.ctx, req.params.groupId, req.body.grants) }),
    );

    const grantParams = z.object({ groupId: id, userId: id });
    app.post(
      '/api/group/:groupId/grants/user/:userId',
      {
        schema: {
          tags,
          summary: 'Grant a person access to a group',
          params: grantParams,
          body: userGrantBody,
          response: detail,
        },
        config: { access: signedIn, params: { groupId: 'group' } },
      },
      async (req) => ({
        result: await membership.grantUser(req.ctx, req.params.groupId, req.params.userId, req.body.level),
      }),
    );

    app.delete(
      '/api/group/:groupId/grants/user/:userId',
      {
        schema: { tags, summary: "Take a person's access to a group away", params: grantParams, response: detail },
        config: { access: signedIn, params: { groupId: 'group' } },
      },
      async (req) => ({ result: await membership.grantUser(req.ctx, req.params.groupId, req.params.userId, null) }),
    );

    app.post(
      '/api/group/replace_owner/:userId/:clientId',
      {
        schema: {
          tags,
          summary: 'Pass every group a person owns to another owner (administrators)',
          params: z.object({ userId: id, clientId: id }),
          response: { 200: replaceOwnerResult },
        },
        config: { access: { role: 'admin' } },
      },
      async (req) => {
        assertOwnWorkspace(req.ctx, req.params.clientId);
        return { result: { groups: await membership.replaceOwner(req.ctx, req.params.userId) } };
      },
    );

    app.put(
      '/api/group/:groupId/owner/:newOwner',
      {
        schema: {
          tags,
          summary: "Change a group's owner",
          params: z.object({ groupId: id, newOwner: id }),
          response: detail,
        },
        config: { access: signedIn, params: { groupId: 'group_owner', newOwner: 'user' } },
      },
      async (req) => ({ result: await membership.changeOwner(req.ctx, req.params.groupId, req.params.newOwner) }),
    );

    app.post(
      '/api/group/:id/join',
      {
        schema: { tags, summary: 'Join a group, or ask to join a closed one', params: groupParams, response: detail },
        config: on('group_open'),
      },
      async (req) => ({ result: await membership.join(req.ctx, req.params.id) }),
    );

    app.delete(
      '/api/group/:id/request',
      {
        schema: { tags, summary: 'Withdraw a request to join a group', params: groupParams, response: detail },
        config: on('group_cancel'),
      },
      async (req) => ({ result: await membership.cancelRequest(req.ctx, req.params.id) }),
    );

    app.get(
      '/api/group/:id/requests',
      {
        schema: {
          tags,
          summary: "A group's requests to join",
          params: groupParams,
          querystring: pageQuery,
          response: { 200: groupPendingPage },
        },
        config: on('group_approve'),
      },
      async (req) => membership.pending(req.ctx, req.params.id, 'requests', req.query.page),
    );

    for (const [verb, approve] of [
      ['approve', true],
      ['reject', false],
    ] as const) {
      app.post(
        `/api/group/:id/requests/:userId/${verb}`,
        {
          schema: {
            tags,
            summary: `${verb[0].toUpperCase()}${verb.slice(1)} a request to join a group`,
            params: memberParams,
            response: detail,
          },
          config: on(`group_${verb}`),
        },
        async (req) => ({
          result: await membership.answerRequest(req.ctx, req.params.id, req.params.userId, approve),
        }),
      );
    }

    app.post(
      '/api/group/:id/invitations',
      {
        schema: { tags, summary: 'Invite people to a group', params: groupParams, body: inviteBody, response: detail },
        config: on('group', {}),
      },
      async (req) => ({ result: await membership.invite(req.ctx, req.params.id, req.body.user_ids) }),
    );

    app.get(
      '/api/group/:id/invitations',
      {
        schema: {
          tags,
          summary: "A group's open invitations",
          params: groupParams,
          querystring: pageQuery,
          response: { 200: groupPendingPage },
        },
        config: on('group_withdraw'),
      },
      async (req) => membership.pending(req.ctx, req.params.id, 'invitations', req.query.page),
    );

    app.delete(
      '/api/group/:id/invitations/:userId',
      {
        schema: { tags, summary: 'Withdraw an invitation to a group', params: memberParams, response: detail },
        config: on('group_withdraw'),
      },
      async (req) => ({ result: await membership.withdrawInvitation(req.ctx, req.params.id, req.params.userId) }),
    );

    app.post(
      '/api/group/:id/invitation/accept',
      {
        schema: { tags, summary: 'Accept an invitation to a group', params: groupParams, response: detail },
        config: on('group_accept'),
      },
      async (req) => ({ result: (await membership.answerInvitation(req.ctx, req.params.id, true))! }),
    );

    app.post(
      '/api/group/:id/invitation/decline',
      {
        schema: { tags, summary: 'Decline an invitation to a group', params: groupParams, response: { 200: okResult } },
        config: on('group_decline'),
      },
      async (req) => {
        await membership.answerInvitation(req.ctx, req.params.id, false);
        return { result: true };
      },
    );

    app.post(
      '/api/group/:id/leave',
      {
        schema: { tags, summary: 'Leave a group', params: groupParams, response: { 200: okResult } },
        config: on('group_leave'),
      },
      async (req) => {
        await membership.leave(req.ctx, req.params.id);
        return { result: true };
      },
    );

    app.get(
      '/api/group/:id/members',
      {
        schema: {
          tags,
          summary: "A group's members",
          params: groupParams,
          querystring: groupMembersQuery,
          response: { 200: groupMembersPage },
        },
        config: on('group'),
      },
      async (req) => membership.members(req.ctx, req.params.id, req.query),
    );

    app.put(
      '/api/group/:id/members/:userId/admin',
      {
        schema: {
          tags,
          summary: 'Make a member a group administrator, or not',
          params: memberParams,
          body: adminToggleBody,
          response: { 200: resultOf(groupMemberDto) },
        },
        config: on('group'),
      },
      async (req) => ({
        result: await membership.toggleAdmin(req.ctx, req.params.id, req.params.userId, req.body.admin),
      }),
    );

    app.delete(
      '/api/group/:id/members/:userId',
      {
        schema: { tags, summary: 'Remove a member from a group', params: memberParams, response: { 200: okResult } },
        config: on('group'),
      },
      async (req) => {
        await membership.expel(req.ctx, req.params.id, req.params.userId);
        return { result: true };
      },
    );

    app.put(
      '/api/group/:id/follow',
      {
        schema: {
          tags,
          summary: "Follow a group's posts, or stop",
          params: groupParams,
          body: groupFollowBody,
          response: detail,
        },
        config: on('group'),
      },
      async (req) => ({ result: await membership.setFollow(req.ctx, req.params.id, req.body.follow) }),
    );

    registerProjectRoutes(app);
  },
};
