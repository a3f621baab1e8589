import { messages } from '@hallway/shared/auth.messages';
import type { Module } from '../../platform/http/module.js';
import { resendInvitation } from './invite.js';
import { passwordResetsCleanup } from './maintenance.js';
import { authModule } from './routes.js';
import * as tables from './tables.js';

export const module: Module = {
  ...authModule,
  feature: { featureFree: true, reason: 'signing in and out comes before any workspace feature' },
  messages,
  tables,
  maintenance: [passwordResetsCleanup],
  // The employees list's bulk "resend invitations" (users/bulk.ts): users cannot import auth, which imports users.
  provides: { invitations: { resend: resendInvitation } },
};
