// What other modules may use of people (they import this file, never the module's own files; tables.ts aside).

export {
  type AudiencePerson,
  accessLevel,
  audienceDenies,
  audienceGrantsOf,
  audienceLevelSql,
  audiencePerson,
  audiencePredicate,
  audienceRecipientIds,
  audienceRecipients,
  deleteAudienceGrants,
  matchedLevel,
  setAudienceGrants,
} from './audience.js';
export { bornOn, localNow } from './birthday-notices.js';
export { upcomingAnniversaries, upcomingBirthdays } from './birthdays.js';
export {
  activePeopleIds,
  assertActivePeople,
  followedBy,
  isWorkspacePerson,
  personCardSql,
  personCards,
  personCardsSql,
  unknownPerson,
} from './cards.js';
export { hrmSheetRows } from './hrm.js';
export { type ChiefChange, lockVacationBalance, placePeople } from './placement.js';
export { presentUser } from './presenter.js';
export { principalQuery } from './principal.js';
export { createEmployee, register, registerMany, registerManyResult } from './register.js';
export { activeUserCounts, getUserRow, ownTimeZone, presentOne, saveUser, setOwnTimeZone } from './service.js';
