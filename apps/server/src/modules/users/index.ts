// What other modules may use of people (they import this file, never the module's own files; tables.ts aside).

export { bornOn, localNow } from './birthday-notices.js';
export { upcomingAnniversaries, upcomingBirthdays } from './birthdays.js';
export {
  activePeopleIds,
  assertActivePeople,
  FOLLOWED_BY_CALLER,
  followedBy,
  isWorkspacePerson,
  personCardSql,
  personCards,
  personCardsSql,
  unknownPerson,
} from './cards.js';
export { endSessions, markInvited, recordSignIn, setPassword } from './credentials.js';
export { drawDemoPictures, seedDemoPeople } from './demo.js';
export { hrmSheetRows } from './hrm.js';
export { type ChiefChange, lockVacationBalance, placePeople } from './placement.js';
export { assertMayManage, assertMayManagePeople, mayManage, personIsAdmin } from './policy.js';
export { presentUser } from './presenter.js';
export { principalQuery } from './principal.js';
export { createEmployee, register, registerMany, registerManyResult } from './register.js';
export { activeUserCounts, getUserRow, ownTimeZone, presentOne, saveUser, setOwnTimeZone } from './service.js';
