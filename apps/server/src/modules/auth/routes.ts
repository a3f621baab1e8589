// Spec portal §7 "Environment and session" and "Authentication".
import {
  envDto,
  forgotPasswordBody,
  id,
  inviteEmployeeBody,
  loginBody,
  loginPageBody,
  oidcLoginBody,
  okResult,
  registerBody,
  registerManyBody,
  resetPasswordBody,
  resetPasswordHardBody,
  resultOf,
  userDto,
} from '@hallway/shared';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { secureCookies, sessionCookies } from '../../platform/files/cookies.js';
import type { ModuleRoutes } from '../../platform/http/module.js';
import { revokeSessions } from '../../platform/realtime/announce.js';
import { presentOne, register, registerMany, registerManyResult } from '../users/index.js';
import { invite, resendInvitation } from './invite.js';
import { authorizationUrl, signInWithCode } from './oidc.js';
import * as service from './service.js';

const VERSION = '0.1.0';

export const authModule: ModuleRoutes = {
  name: 'auth',
  routes(app, platform) {
    const { config } = platform;
    // Every entry point below counts against its client address before the body is even read; sign-in also
    // counts against the account inside service.signIn (platform/auth/throttle.ts).
    const byAddress = { onRequest: app.throttle.byAddress };
    // Reset links still being made and mailed after their answer are finished before the app closes.
    app.addHook('onClose', () => service.passwordLinksSettled());
    // A sign-in answer also opens the file session, so that the first paint's `<img src>` (the header avatar)
    // already has its cookie instead of racing PUT /api/files/session.
    const openFiles = (reply: FastifyReply, protocol: string, token: string) =>
      reply.header(
        'Set-Cookie',
        sessionCookies(token, platform.tokens.verify(token)?.exp, '', secureCookies(protocol, config.publicUrl)),
      );

    app.get(
      '/api/env',
      {
        schema: {
          tags: ['auth'],
          summary: 'The installation: vendor, default language, external sign-in, version',
          response: { 200: envDto },
        },
        config: { access: { public: true, reason: 'the branding the sign-in page shows before anyone signs in' } },
      },
      async () => ({ vendor: config.vendor, defaultLang: config.defaultLang, oidc: !!config.oidc, version: VERSION }),
    );

    app.post(
      '/api/loginPage',
      {
        schema: {
          tags: ['auth'],
          summary: 'Sign in with a login or e-mail and a password, optionally within a workspace',
          body: loginPageBody,
          response: { 200: z.object({ token: z.string(), result: userDto }) },
        },
        config: { access: { public: true, reason: "the workspace's sign-in page settings, shown before signing in" } },
        ...byAddress,
      },
      async (req, reply) => {
        const { token, user } = await service.signIn(platform, app.throttle, req.body);
        openFiles(reply, req.protocol, token);
        reply.header('X-Vendor', config.vendor);
        return { token, result: service.presentSelf(user) };
      },
    );

    app.post(
      '/api/login',
      {
        schema: {
          tags: ['auth'],
          summary: 'Sign in with a login or e-mail and a password',
          body: loginBody,
          response: { 200: z.object({ token: z.string(), _id: z.string() }) },
        },
        config: { access: { public: true, reason: 'signing in; throttled per account and per address' } },
        ...byAddress,
      },
      async (req, reply) => {
        const { token, user } = await service.signIn(platform, app.throttle, req.body);
        openFiles(reply, req.protocol, token);
        return { token, _id: user.id };
      },
    );

    app.post(
      '/api/logout',
      {
        schema: {
          tags: ['auth'],
          summary: 'Sign out, ending every session of the caller',
          body: z.object({ user_id: z.string().optional() }).optional(),
          response: { 200: okResult },
        },
        config: { access: { workspace: 'optional' } },
      },
      async (req) => {
        await service.logout(req.ctx);
        revokeSessions(platform, req.ctx, req.ctx.me().id);
        return { result: true };
      },
    );

    app.post(
      '/api/forgot_password',
      {
        schema: {
          tags: ['auth'],
          summary: 'Ask for a password reset link by login or e-mail',
          body: forgotPasswordBody,
          response: { 200: okResult },
        },
        config: {
          access: { public: true, reason: 'asking for a reset link; answers the same whether the address is known' },
        },
        ...byAddress,
      },
      async (req) => {
        // Answered before anything depends on the address: the link is made and mailed afterwards.
        service.requestPasswordLink(platform, req.body.email, req.log);
        return { result: true };
      },
    );

    app.get(
      '/api/reset_password/:token',
      {
        schema: {
          tags: ['auth'],
          summary: 'Check a password reset link without spending it',
          description: 'Answers `{ result: true }` while the link works, else 400 `reset_link_invalid`.',
          params: z.object({ token: z.string().min(10).max(200) }),
          response: { 200: okResult },
        },
        config: {
          access: {
            public: true,
            reason:
              'whether a reset link still works: true or reset_link_invalid, nothing about the person (throttled by address)',
          },
          params: { token: 'resetToken' },
        },
        ...byAddress,
      },
      async (req) => {
        await service.checkResetToken(platform, req.params.token);
        return { result: true };
      },
    );

    app.post(
      '/api/reset_password/:token',
      {
        schema: {
          tags: ['auth'],
          summary: 'Set a new password with a reset link, signing the person in',
          description:
            'Spends the link and answers `{ result: true, token, user }` with a session (as `POST /api/loginPage`) ' +
            'when the person may enter; without `token` when they may not (awaiting approval, deleted, workspace ' +
            "blocked): they sign in by hand and meet sign-in's answer.",
          params: z.object({ token: z.string().min(10).max(200) }),
          body: resetPasswordBody,
          response: {
            200: z.object({ result: z.literal(true), token: z.string().optional(), user: userDto.optional() }),
          },
        },
        config: {
          access: { public: true, reason: 'setting a password with a mailed one-time link' },
          params: { token: 'resetToken' },
        },
        ...byAddress,
      },
      async (req, reply) => {
        const session = await service.resetPassword(platform, req.params.token, req.body.password);
        if (!session) return { result: true as const };
        openFiles(reply, req.protocol, session.token);
        return { result: true as const, token: session.token, user: service.presentSelf(session.user) };
      },
    );

    app.post(
      '/api/reset_password_hard',
      {
        schema: {
          tags: ['auth'],
          summary: "Set an employee's password (administrators)",
          body: resetPasswordHardBody,
          response: { 200: resultOf(userDto) },
        },
        config: { access: { role: 'admin' } },
      },
      async (req) => {
        const user = await service.resetPasswordHard(platform, req.ctx, req.body.user_id, req.body.password);
        revokeSessions(platform, req.ctx, user.id);
        return { result: await presentOne(req.ctx, user) };
      },
    );

    app.post(
      '/api/register',
      {
        schema: {
          tags: ['auth'],
          summary: 'Register in a workspace open for registration',
          body: registerBody,
          response: { 200: resultOf(userDto).extend({ token: z.string().optional(), message: z.string() }) },
        },
        config: { access: { auth: 'optional' }, body: { chief: 'user' } },
        ...byAddress,
      },
      async (req, reply) => {
        const { user, joined } = await register(req.ctx, req.body);
        // A newcomer waiting for approval gets no session: they sign in once an administrator approves.
        const token = joined && !user.awaitingApproval ? service.issueToken(platform, user) : undefined;
        if (token) openFiles(reply, req.protocol, token);
        return {
          result: await presentOne(req.ctx, user),
          message: 'empls.success',
          ...(token ? { token } : {}),
        };
      },
    );

    app.post(
      '/api/user/invite',
      {
        schema: {
          tags: ['users'],
          summary: 'Invite someone by e-mail: they set their own password through the mailed link',
          description:
            'Creates the employee without a password (`status: "invited"`) and mails a single-use link to ' +
            '/reset-password/{token}?invite=1, valid for 7 days. A taken e-mail: 409 `email_taken`.',
          body: inviteEmployeeBody,
          response: { 200: resultOf(userDto) },
        },
        config: { access: { role: 'admin' } },
      },
      async (req) => ({ result: await presentOne(req.ctx, await invite(platform, req.ctx, req.body)) }),
    );

    app.post(
      '/api/user/invite/:id',
      {
        schema: {
          tags: ['users'],
          summary: 'Send an invitation again (a new link; the earlier one stops working)',
          description: 'Someone who already has a password, or was deleted: 400 `not_invited`.',
          params: z.object({ id }),
          response: { 200: resultOf(userDto) },
        },
        config: { access: { role: 'admin' }, params: { id: 'invited_user' } },
      },
      async (req) => ({
        result: await presentOne(req.ctx, await resendInvitation(platform, req.ctx, req.params.id)),
      }),
    );

    app.post(
      '/api/register_many',
      {
        schema: {
          tags: ['auth'],
          summary: 'Create several employees at once (administrators)',
          body: registerManyBody,
          response: { 200: resultOf(registerManyResult) },
        },
        config: { access: { role: 'admin' } },
      },
      async (req) => ({ result: await registerMany(req.ctx, req.body.users) }),
    );

    app.get(
      '/api/outlook/url',
      {
        schema: {
          tags: ['auth'],
          summary: 'The address of the external (OpenID) sign-in page',
          response: { 200: z.object({ url: z.string() }) },
        },
        config: { access: { public: true, reason: 'where to send the browser to sign in with the identity provider' } },
      },
      async () => ({ url: await authorizationUrl(platform) }),
    );

    app.post(
      '/api/outlook/login',
      {
        schema: {
          tags: ['auth'],
          summary: 'Sign in with the code the external (OpenID) sign-in returned',
          body: oidcLoginBody,
          response: { 200: z.object({ token: z.string(), result: userDto }) },
        },
        config: {
          access: { public: true, reason: "the identity provider's answer, checked against its signed token" },
        },
        ...byAddress,
      },
      async (req, reply) => {
        const { token, user } = await signInWithCode(platform, req.body.code);
        openFiles(reply, req.protocol, token);
        reply.header('X-Vendor', config.vendor);
        return { token, result: service.presentSelf(user) };
      },
    );
  },
};
