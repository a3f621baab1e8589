import { z } from 'zod';
import { ASSIGNABLE_ROLES } from '../enums.js';
import { BULK_USERS_MAX } from '../limits.js';
import { id } from './common.js';
import { personCard } from './posts.js';
import { partialRights, userDto } from './user.js';

/**
 * A person in a list (address book, employees administration, the workspace users loaded at start): what a row
 * shows and what filters need. The full profile (`userDto`) comes from `GET api/user/{id}`.
 */
export const userListItem = userDto
  .pick({
    _id: true,
    client_id: true,
    login: true,
    email: true,
    roles: true,
    firstName: true,
    middleName: true,
    lastName: true,
    fullName: true,
    birthDate: true,
    phone: true,
    internalPhone: true,
    position: true,
    department: true,
    city: true,
    telegram: true,
    statusText: true,
    avatar: true,
    pics: true,
    chief: true,
    workingSince: true,
    gender: true,
    pinned_num: true,
    deletion_mark: true,
    status: true,
  })
  .extend({
    /** Who follows the person: only in `GET api/user/for_client/{id}` (the shell works out whom the reader follows). */
    followers: z.array(z.string()).optional(),
    /** The person came from an HR-system import, so `reset_to_hrm` has a row to put back. */
    from_hrm: z.boolean(),
    /** The person's last sign-in (ISO time), for administrators only: null for everyone else, and for never. */
    last_sign_in: z.string().nullable(),
  });
export type UserListItem = z.infer<typeof userListItem>;

/** `{ result, total, can }` of `GET api/user/for_client/{id}` and `POST api/user/filter/{workspace}`. */
export const usersPage = z.object({
  result: z.array(userListItem),
  total: z.number().int(),
  /** `pin`: the caller pins people on top of the address book (administrators). Sent with every page. */
  can: z.object({ pin: z.boolean() }).optional(),
});
export type UsersPage = z.infer<typeof usersPage>;

/** Address-book page size when the caller names none. */
export const USERS_PAGE_SIZE = 50;
export const USERS_PAGE_MAX = 500;

/** `POST api/user/filter/{workspace}`: search over name, position, department, phone and e-mail, filters, paging. */
export const usersFilterBody = z.object({
  search: z.string().max(100).optional(),
  department: z.string().max(255).optional(),
  city: z.string().max(100).optional(),
  /** Administrators only: soft-deleted people instead of active ones. */
  deleted: z.boolean().optional(),
  /** Administrators only: newcomers waiting for approval instead of active people. */
  pending: z.boolean().optional(),
  page: z.number().int().min(0).max(100_000).optional(),
  limit: z.number().int().min(1).max(USERS_PAGE_MAX).optional(),
});
export type UsersFilterBody = z.infer<typeof usersFilterBody>;

/** `GET api/user/for_client/{id}`: everyone by default (start-up step 5), or one page. */
export const forClientQuery = z.object({
  deleted: z.enum(['0', '1']).optional(),
  page: z.coerce.number().int().min(0).max(100_000).optional(),
  limit: z.coerce.number().int().min(1).max(USERS_PAGE_MAX).optional(),
});

/** `GET api/user/filters/{clientId}`: the values the address-book filters offer. */
export const userFilters = z.object({ departments: z.array(z.string()), cities: z.array(z.string()) });
export type UserFilters = z.infer<typeof userFilters>;

/** `POST api/follow`, `POST api/unfollow`. */
export const followBody = z.object({ user_id: id });

/** `GET api/user/{id}/followers`: who follows the person, and whom they follow. */
export const followersDto = z.object({ followers: z.array(personCard), following: z.array(personCard) });
export type FollowersDto = z.infer<typeof followersDto>;

/** `PUT api/user/pin_move`: swaps the places of two pinned people. */
export const pinMoveBody = z.object({ from: id, to: id });
export const pinnedDto = z.object({ _id: z.string(), pinned_num: z.number().int().nullable() });
export type PinnedDto = z.infer<typeof pinnedDto>;

/** A spreadsheet uploaded first (`POST api/upload`), then named by its id. */
export const fileIdBody = z.object({ file_id: id });

const rowError = z.object({ row: z.number().int(), fields: z.record(z.string(), z.string()), message: z.string() });
export type ImportRowError = z.infer<typeof rowError>;

/** `POST api/register_many` and `POST api/user/import`: rows count like the sheet (a header row makes the first row 2). */
export const importReport = z.object({
  created: z.array(z.object({ row: z.number().int(), _id: z.string(), login: z.string() })),
  errors: z.array(rowError),
});
export type ImportReport = z.infer<typeof importReport>;

/** `POST api/user/load_hrm`: employees created or updated by INN, and the rows refused. */
export const hrmReport = z.object({
  created: z.array(z.object({ row: z.number().int(), _id: z.string(), inn: z.string() })),
  updated: z.array(z.object({ row: z.number().int(), _id: z.string(), inn: z.string() })),
  errors: z.array(rowError),
});
export type HrmReport = z.infer<typeof hrmReport>;

export const resetToHrmBody = z.object({ user_id: id });

/** What `POST api/user/bulk` does to each person it names. */
export const BULK_USER_ACTIONS = [
  'block',
  'unblock',
  'resend_invitation',
  'grant_role',
  'revoke_role',
  'set_rights',
  'approve',
  'decline',
] as const;
export type BulkUserAction = (typeof BULK_USER_ACTIONS)[number];

/** People of the caller's workspace, by id: at least one, at most BULK_USERS_MAX, each once. */
export const bulkUserIds = z
  .array(id)
  .min(1, 'required')
  .max(BULK_USERS_MAX, 'too_long')
  .transform((ids) => [...new Set(ids)]);

/** `POST api/user/bulk`: one action over a selection; `role` for the role actions, `rights` for `set_rights`. */
export const bulkUsersBody = z.object({
  action: z.enum(BULK_USER_ACTIONS, 'validation'),
  ids: bulkUserIds,
  role: z.enum(ASSIGNABLE_ROLES, 'role_unknown').optional(),
  rights: partialRights.optional(),
});
export type BulkUsersBody = z.input<typeof bulkUsersBody>;

/** Per person: done, or refused with the code the one-by-one action would answer (unknown ids: `user_not_found`). */
export const bulkUserOutcome = z.object({ _id: z.string(), ok: z.boolean(), code: z.string().optional() });
export const bulkUsersResult = z.object({ result: z.array(bulkUserOutcome) });
export type BulkUserOutcome = z.infer<typeof bulkUserOutcome>;

/** `POST api/user/export/selected`: the chosen people of the workspace as one xlsx workbook. */
export const exportSelectedBody = z.object({ ids: bulkUserIds });
