import type { UpdateUserBody } from '@hallway/shared';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { fetchFollowers, fetchPerson, peopleKeys, removeHrFile, setFollow, updatePerson } from './api';

/** Reads of the profile page; the people side's other modules use `person` too (rights tab, pickers). */
export const profileQueries = {
  person: (id: string) =>
    queryOptions({ queryKey: peopleKeys.person(id), queryFn: ({ signal }) => fetchPerson(id, signal) }),

  /** Keyed by the follower ids too, so following someone shows at once on their subscribers tab. */
  followers: (id: string, followers: string[]) =>
    queryOptions({
      queryKey: [...peopleKeys.followers(id), followers.join()],
      queryFn: ({ signal }) => fetchFollowers(id, signal),
    }),
};

/**
 * Writes of the profile. Their answer is the fresh person, which `usePersonUpdated` puts everywhere it is shown, so
 * they take no cache code of their own; failures go back to the form (field errors) or a toast, as the caller says.
 */
export const profileMutations = {
  update: () =>
    mutationOptions({
      mutationFn: ({ id, changes }: { id: string; changes: UpdateUserBody }) => updatePerson(id, changes),
    }),
  removeHrFile: () =>
    mutationOptions({
      mutationFn: ({ id, fileId }: { id: string; fileId: string }) => removeHrFile(id, fileId),
    }),
  follow: () =>
    mutationOptions({
      mutationFn: ({ id, follow }: { id: string; follow: boolean }) => setFollow(id, follow),
    }),
};
