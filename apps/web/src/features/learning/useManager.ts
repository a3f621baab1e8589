import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../app/session/context';
import { learningQueries } from './queries';

/**
 * What the server says the person may do with the courses as a whole: change the LMS administrators
 * (`lmsAdminsResult.can.edit`, the workspace's administrators), and manage courses (an administrator, one of the LMS
 * administrators the server lists, or someone the "manage" list answers a course to). Never read from the session's
 * role.
 */
export function useCoursesAbilities() {
  const { client, user } = useSession();
  const admins = useQuery(learningQueries.admins(client?._id ?? ''));
  const managed = useQuery(learningQueries.any({ list: 'manage' }));
  const settings = admins.data?.can.edit ?? false;
  const listed = admins.data?.admins.some((person) => person._id === user?._id) ?? false;
  const manages = settings || listed || (managed.data?.total ?? 0) > 0;
  return { settings, manages, ready: !admins.isPending && !managed.isPending };
}
