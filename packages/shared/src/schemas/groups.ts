import { z } from 'zod';
import {
  GROUP_DESCRIPTION_MAX,
  GROUP_INVITE_MAX,
  GROUP_NAME_MAX,
  GROUP_SEARCH_MAX,
  PROJECT_DESCRIPTION_MAX,
  PROJECT_NAME_MAX,
  PROJECT_PARTICIPANTS_MAX,
} from '../limits.js';
import { audienceGrantDto, audienceGrants } from './audience.js';
import { id, isoDate } from './common.js';
import { storedFile } from './files.js';
import { pageParam, personCard } from './posts.js';

/** Spec portal §3 Group, §4 Groups transitions, §5 Groups. Choices: docs/api.md "Groups and projects". */
export const GROUP_TYPES = ['public', 'closed', 'private'] as const;
export type GroupType = (typeof GROUP_TYPES)[number];
/** `project`: the hidden wall of a project (never listed among groups). */
export const GROUP_KINDS = ['group', 'project'] as const;
export const GROUP_ROLES = ['owner', 'admin', 'member'] as const;
export type GroupRole = (typeof GROUP_ROLES)[number];
/** Which new posts of a group notify a member: all, only those mentioning them, none. */
export const GROUP_FOLLOW = ['all', 'mentions', 'none'] as const;
export type GroupFollow = (typeof GROUP_FOLLOW)[number];
export const USER_GRANT_LEVELS = ['read', 'write', 'none'] as const;

const groupName = z.string().trim().min(1, 'required').max(GROUP_NAME_MAX, 'too_long');
const groupDescription = z.string().trim().min(1, 'required').max(GROUP_DESCRIPTION_MAX, 'too_long');

export const createGroupBody = z.object({
  name: groupName,
  description: groupDescription,
  type: z.enum(GROUP_TYPES, 'group_type_required'),
  /** File ids answered by `POST api/upload` (images). */
  cover: id.nullable().optional(),
  avatar: id.nullable().optional(),
  grants: audienceGrants.optional(),
});
export type CreateGroupBody = z.infer<typeof createGroupBody>;

export const updateGroupBody = z.object({
  name: groupName.optional(),
  description: groupDescription.optional(),
  type: z.enum(GROUP_TYPES, 'group_type_required').optional(),
  cover: id.nullable().optional(),
  avatar: id.nullable().optional(),
  grants: audienceGrants.optional(),
});
export type UpdateGroupBody = z.infer<typeof updateGroupBody>;

export const groupListQuery = z.object({
  page: pageParam.default(0),
  search: z.string().trim().max(GROUP_SEARCH_MAX, 'too_long').optional(),
  type: z.enum(GROUP_TYPES).optional(),
});
export type GroupListQuery = z.infer<typeof groupListQuery>;

export const groupMembership = z.object({
  role: z.enum(GROUP_ROLES).nullable(),
  follow: z.enum(GROUP_FOLLOW).nullable(),
  /** The caller asked to join and waits. */
  requested: z.boolean(),
  /** The caller is invited and has not answered. */
  invited: z.boolean(),
});

export const groupCan = z.object({
  /** Read the wall, members. */
  read: z.boolean(),
  /** Post on the wall. */
  post: z.boolean(),
  /** Name, description, type, pictures, audience grants. */
  edit: z.boolean(),
  delete: z.boolean(),
  /** Public group, not a member: join at once. */
  join: z.boolean(),
  /** Closed group, not a member, no pending request: ask to join. */
  request: z.boolean(),
  cancelRequest: z.boolean(),
  /** Invited: accept or decline. */
  answerInvitation: z.boolean(),
  leave: z.boolean(),
  invite: z.boolean(),
  /** Approve/reject requests, withdraw invitations, toggle admins, remove members, per-user grants. */
  manage: z.boolean(),
  changeOwner: z.boolean(),
  follow: z.boolean(),
});
export type GroupCan = z.infer<typeof groupCan>;

/** A group as lists show it. */
export const groupDto = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.enum(GROUP_TYPES),
  kind: z.enum(GROUP_KINDS),
  /** The project whose wall this is (kind project), else null. */
  project: z.string().nullable(),
  cover: storedFile.nullable(),
  avatar: storedFile.nullable(),
  owner: personCard,
  membersCount: z.number().int(),
  created: z.string(),
  membership: groupMembership,
  can: groupCan,
});
export type GroupDto = z.infer<typeof groupDto>;

export const userGrantDto = z.object({ user: personCard, level: z.enum(USER_GRANT_LEVELS) });

/** `GET api/group/{id}`: the card plus what managers see (empty lists and zeros for others). */
export const groupDetailDto = groupDto.extend({
  admins: z.array(personCard),
  grants: z.array(audienceGrantDto),
  userGrants: z.array(userGrantDto),
  requestsCount: z.number().int(),
  invitationsCount: z.number().int(),
});
export type GroupDetailDto = z.infer<typeof groupDetailDto>;

export const groupPage = z.object({
  result: z.array(groupDto),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});
export type GroupPage = z.infer<typeof groupPage>;

export const groupMemberDto = z.object({
  user: personCard,
  role: z.enum(GROUP_ROLES),
  joined: z.string(),
  can: z.object({ toggleAdmin: z.boolean(), remove: z.boolean(), makeOwner: z.boolean() }),
});
export type GroupMemberDto = z.infer<typeof groupMemberDto>;
export const groupMembersQuery = z.object({
  page: pageParam.default(0),
  search: z.string().trim().max(GROUP_SEARCH_MAX, 'too_long').optional(),
  role: z.enum(GROUP_ROLES).optional(),
});
export const groupMembersPage = z.object({
  result: z.array(groupMemberDto),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});

/** A join request or an invitation of a group, as the group's managers see it. */
export const groupPendingDto = z.object({ user: personCard, by: personCard.nullable(), created: z.string() });
export const groupPendingPage = z.object({
  result: z.array(groupPendingDto),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});

/** The directory's "requests" tab: invitations to me, my own requests, requests waiting for my approval. */
export const groupInboxDto = z.object({
  invitations: z.array(z.object({ group: groupDto, by: personCard.nullable(), created: z.string() })),
  requests: z.array(z.object({ group: groupDto, created: z.string() })),
  toApprove: z.array(z.object({ group: groupDto, user: personCard, created: z.string() })),
});
export type GroupInboxDto = z.infer<typeof groupInboxDto>;

export const inviteBody = z.object({ user_ids: z.array(id).min(1, 'required').max(GROUP_INVITE_MAX, 'too_long') });
export const adminToggleBody = z.object({ admin: z.boolean() });
export const groupFollowBody = z.object({ follow: z.enum(GROUP_FOLLOW) });
export const userGrantBody = z.object({ level: z.enum(USER_GRANT_LEVELS).default('read') });
export const replaceOwnerResult = z.object({ result: z.object({ groups: z.number().int() }) });

/** Projects (spec portal §3 Project, §7 Projects). */
export const PROJECT_STATUSES = ['planned', 'active', 'paused', 'done'] as const;
export const PROJECT_ROLES = ['lead', 'member', 'observer'] as const;
export type ProjectRole = (typeof PROJECT_ROLES)[number];

const projectFields = {
  name: z.string().trim().min(1, 'required').max(PROJECT_NAME_MAX, 'too_long'),
  description: z.string().trim().max(PROJECT_DESCRIPTION_MAX, 'too_long'),
  status: z.enum(PROJECT_STATUSES, 'validation'),
  start: isoDate.nullable(),
  end: isoDate.nullable(),
};
const participantInput = z.object({ user_id: id, role: z.enum(PROJECT_ROLES, 'validation').default('member') });
export const createProjectBody = z.object({
  ...projectFields,
  description: projectFields.description.default(''),
  status: projectFields.status.default('planned'),
  start: projectFields.start.optional(),
  end: projectFields.end.optional(),
  participants: z.array(participantInput).max(PROJECT_PARTICIPANTS_MAX, 'too_long').default([]),
});
export type CreateProjectBody = z.infer<typeof createProjectBody>;
export const updateProjectBody = z.object({
  name: projectFields.name.optional(),
  description: projectFields.description.optional(),
  status: projectFields.status.optional(),
  start: projectFields.start.optional(),
  end: projectFields.end.optional(),
});
export type UpdateProjectBody = z.infer<typeof updateProjectBody>;
export const projectParticipantBody = participantInput.extend({ project_id: id });
export const projectListQuery = z.object({
  page: pageParam.default(0),
  search: z.string().trim().max(GROUP_SEARCH_MAX, 'too_long').optional(),
  status: z.enum(PROJECT_STATUSES).optional(),
  /** `1`: only projects the caller takes part in. */
  mine: z.enum(['0', '1']).optional(),
});

export const projectParticipantDto = z.object({ user: personCard, role: z.enum(PROJECT_ROLES) });
export const projectDto = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(PROJECT_STATUSES),
  start: z.string().nullable(),
  end: z.string().nullable(),
  creatorId: z.string(),
  creator: personCard,
  participants: z.array(projectParticipantDto),
  participantsCount: z.number().int(),
  /** The id of the project's wall: a hidden group (kind project); post with `parent: { type: 'group', id: wall }`. */
  wall: z.string(),
  myRole: z.enum(PROJECT_ROLES).nullable(),
  created: z.string(),
  can: z.object({ edit: z.boolean(), delete: z.boolean(), manageParticipants: z.boolean(), post: z.boolean() }),
});
export type ProjectDto = z.infer<typeof projectDto>;
export const projectPage = z.object({
  result: z.array(projectDto),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});
