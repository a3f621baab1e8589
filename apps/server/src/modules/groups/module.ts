import type { Module } from '../../platform/http/module.js';
import { seedGroups } from './demo.js';
import { groupsModule } from './routes.js';
import { groupSocket } from './socket.js';
import * as tables from './tables.js';
import { groupWall } from './wall.js';

export const module: Module = {
  ...groupsModule,
  feature: { feature: 'groups' },
  rights: ['groups'],
  messages: [
    'group_not_found',
    'group_type_required',
    'group_invitation_only',
    'group_already_member',
    'group_request_exists',
    'group_request_not_found',
    'group_invitation_not_found',
    'group_not_member',
    'group_owner_not_member',
    'group_owner_cannot_leave',
    'group_owner_role',
    'group_invitee_unknown',
    'group_project_wall',
    'audience_unknown',
    'grant_level_unknown',
    'audience_values_required',
    'audience_person_unknown',
    'tenure_range_invalid',
    'project_not_found',
    'project_dates_invalid',
    'project_last_lead',
  ],
  tables,
  socket: groupSocket,
  demo: seedGroups,
  provides: { groupWall },
};
