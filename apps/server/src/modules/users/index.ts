// What other modules may use of people (they import this file, never the module's own files; tables.ts aside).
export { upcomingBirthdays } from './birthdays.js';
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
export { presentUser } from './presenter.js';
export { createEmployee, register, registerMany, registerManyResult } from './register.js';
export { activeUserCounts, getUserRow, ownTimeZone, presentOne, saveUser, setOwnTimeZone } from './service.js';
