import { useQuery } from '@tanstack/react-query';
import { learningQueries } from './queries';

/**
 * What the server says the person may do with the courses as a whole (`coursePage.can`, sent with every page of
 * courses): create courses, read the analytics, name the LMS administrators; and whether they manage any course (the
 * "manage" list answers one), which opens that tab. Never read from the session's role.
 */
export function useCoursesAbilities() {
  const managed = useQuery(learningQueries.any({ list: 'manage' }));
  const can = managed.data?.can;
  const create = can?.create ?? false;
  return {
    create,
    analytics: can?.analytics ?? false,
    settings: can?.settings ?? false,
    manages: create || (managed.data?.total ?? 0) > 0,
    ready: !managed.isPending,
  };
}
