/** What the profile module shares with other modules; they import nothing else of its folder. */
export {
  downloadExport,
  fetchAnniversaries,
  fetchBirthdays,
  fetchUserFilters,
  fetchWorkspace,
  filterUsers,
  importEmployees,
  inviteEmployee,
  loadHrm,
  movePin,
  peopleKeys,
  registerEmployee,
  resendInvitation,
  resetToHrm,
  setDeleted,
  setRights,
  setRightsForAll,
  setRole,
  setRoleForAll,
  togglePin,
  updateWorkspace,
  type WorkspaceChanges,
} from './api';
export { contactLinks } from './contacts';
export { PersonActions } from './PersonActions';
export { profileQueries } from './queries';
export { usePeopleTexts } from './texts';
export type { PeopleTexts } from './texts/en';
export { usePersonUpdated } from './usePersonSaver';
