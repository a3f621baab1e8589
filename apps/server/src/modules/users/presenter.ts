import { DEFAULT_RIGHTS, type UserDto, type UserListItem, type UserStatus } from '@hallway/shared';
import { sql } from 'drizzle-orm';
import { type UserRow, users } from './tables.js';

/** Pending (waiting for approval), deleted, invited (no password of their own yet) or active. */
export const statusOf = (u: { deletionMark: boolean; invited: boolean; awaitingApproval?: boolean }): UserStatus =>
  u.awaitingApproval ? 'pending' : u.deletionMark ? 'deleted' : u.invited ? 'invited' : 'active';

export const fullName = (u: Pick<UserRow, 'firstName' | 'lastName'>) => `${u.firstName} ${u.lastName}`.trim();

/**
 * The employee as the API shows them. HR data and HR files only for those who may see them
 * (the person, their chief, HR and administrators); the password hash never leaves.
 */
export function presentUser(
  row: UserRow,
  options: { followers?: string[]; showHr?: boolean; can?: UserDto['can'] } = {},
): UserDto {
  return {
    _id: row.id,
    client_id: row.clientId,
    login: row.login,
    email: row.email,
    roles: row.roles,
    rights: { ...DEFAULT_RIGHTS, ...row.rights },
    lang: row.lang,
    firstName: row.firstName,
    middleName: row.middleName,
    lastName: row.lastName,
    fullName: fullName(row),
    birthDate: row.birthDate,
    phone: row.phone,
    internalPhone: row.internalPhone,
    organization: row.organization,
    inn: options.showHr ? row.inn : '',
    kpp: row.kpp,
    position: row.position,
    cabinet: row.cabinet,
    chiefCode: row.chiefCode,
    chief: row.chief,
    department: row.department,
    workingSince: row.workingSince,
    gender: row.gender,
    vacationDays: row.vacationDays,
    city: row.city,
    telegram: row.telegram,
    about: row.about,
    social: row.social,
    ...(options.showHr ? { hrData: row.hrData, files: row.files } : {}),
    statusText: row.statusText,
    pics: row.pics,
    avatar: row.pics[0]?.mini ?? row.pics[0]?.src ?? null,
    cover: row.cover,
    theme: row.theme,
    timeZone: row.timeZone ?? null,
    followers: options.followers ?? [],
    pinned_num: row.pinnedNum,
    deletion_mark: row.deletionMark,
    status: statusOf({
      deletionMark: row.deletionMark,
      invited: !!row.invitedAt && !row.passwordHash,
      awaitingApproval: row.awaitingApproval,
    }),
    created: row.created.toISOString(),
    ...(options.can ? { can: options.can } : {}),
  };
}

/** A person in a list: the row fields of `userListItem` only (no rights, HR data, followers or long texts). */
export function presentListItem(row: ListRow): UserListItem {
  return {
    _id: row.id,
    client_id: row.clientId,
    login: row.login,
    email: row.email,
    roles: row.roles,
    firstName: row.firstName,
    middleName: row.middleName,
    lastName: row.lastName,
    fullName: fullName(row),
    birthDate: row.birthDate,
    phone: row.phone,
    internalPhone: row.internalPhone,
    position: row.position,
    department: row.department,
    city: row.city,
    telegram: row.telegram,
    statusText: row.statusText,
    avatar: row.pics[0]?.mini ?? row.pics[0]?.src ?? null,
    pics: row.pics,
    chief: row.chief,
    workingSince: row.workingSince,
    gender: row.gender,
    pinned_num: row.pinnedNum,
    deletion_mark: row.deletionMark,
    status: statusOf(row),
    last_sign_in: row.lastSignInAt?.toISOString() ?? null,
    from_hrm: row.fromHrm,
  };
}

/** The columns a list reads: selecting only these keeps 10,000-row answers light. */
export const listColumns = {
  id: users.id,
  clientId: users.clientId,
  login: users.login,
  email: users.email,
  roles: users.roles,
  firstName: users.firstName,
  middleName: users.middleName,
  lastName: users.lastName,
  birthDate: users.birthDate,
  phone: users.phone,
  internalPhone: users.internalPhone,
  position: users.position,
  department: users.department,
  city: users.city,
  telegram: users.telegram,
  statusText: users.statusText,
  pics: users.pics,
  chief: users.chief,
  workingSince: users.workingSince,
  gender: users.gender,
  pinnedNum: users.pinnedNum,
  deletionMark: users.deletionMark,
  awaitingApproval: users.awaitingApproval,
  lastSignInAt: users.lastSignInAt,
  // Whether there is an HR row, not the row itself: lists stay light.
  fromHrm: sql<boolean>`${users.hrmData} is not null`,
  invited: sql<boolean>`(${users.invitedAt} is not null and ${users.passwordHash} is null)`,
};
export type ListRow = Pick<UserRow, Exclude<keyof typeof listColumns, 'fromHrm' | 'invited'>> & {
  fromHrm: boolean;
  invited: boolean;
};
