import type { UpdateUserBody, UserDto, UserListItem, UsersPage } from '@hallway/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '../../api/queryKeys';
import type { OwnInfo } from '../../api/session';
import { useSession } from '../../app/session/context';
import { showSuccess } from '../../ui/toast';
import { peopleKeys } from './api';
import { profileMutations } from './queries';
import { usePeopleTexts } from './texts';

/** Puts a fresh copy of a person everywhere it is shown: the profile, lists, and the session when it is oneself. */
export function usePersonUpdated() {
  const queryClient = useQueryClient();
  const session = useSession();
  return useCallback(
    (person: UserDto, token?: string) => {
      queryClient.setQueryData(peopleKeys.person(person._id), person);
      void queryClient.invalidateQueries({ queryKey: [...peopleKeys.all, 'list'] });
      // The workspace list loaded at start-up may hold thousands of people: patch the one row, never refetch it.
      queryClient.setQueriesData<UsersPage>(
        { queryKey: queryKeys.workspaceUsers(session.client?._id ?? null) },
        (page) =>
          page && {
            ...page,
            result: page.result.map((row) => (row._id === person._id ? asListRow(row, person) : row)),
          },
      );
      const me = session.user?._id;
      if (me && person._id !== me) {
        // Following someone changes whom the reader follows: the user feed and its live updates read it.
        const follows = person.followers.includes(me);
        queryClient.setQueryData<OwnInfo>(queryKeys.me(me), (info) => {
          if (!info || info.follows.includes(person._id) === follows) return info;
          const others = info.follows.filter((id) => id !== person._id);
          return { ...info, follows: follows ? [...others, person._id] : others };
        });
      }
      if (person._id === me) {
        // A changed password ends the other sessions: this one carries on with the new token.
        if (token) void session.signIn(token, person);
        else session.updateOwnUser(person);
      }
    },
    [queryClient, session],
  );
}

/** The row with the person's fresh values of the fields a list row has (the list never gains profile-only fields). */
export function asListRow(row: UserListItem, person: UserDto): UserListItem {
  const fresh = person as unknown as Record<string, unknown>;
  const entries = Object.keys(row).map((key) => [key, key in fresh ? fresh[key] : row[key as keyof UserListItem]]);
  return Object.fromEntries(entries) as UserListItem;
}

/** `PUT api/user/{id}` for a profile tab; throws for the form to show field errors. */
export function usePersonSaver(person: UserDto) {
  const { t } = usePeopleTexts();
  const updated = usePersonUpdated();
  const { mutateAsync } = useMutation(profileMutations.update());
  return useCallback(
    async (changes: UpdateUserBody, message = t('profile.saved')) => {
      const { result, token } = await mutateAsync({ id: person._id, changes });
      updated(result, token);
      showSuccess(message);
      return result;
    },
    [person._id, t, updated, mutateAsync],
  );
}
