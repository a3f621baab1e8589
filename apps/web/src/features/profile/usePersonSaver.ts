import type { UpdateUserBody, UserDto } from '@hallway/shared';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useSession } from '../../app/session/context';
import { peopleKeys, updatePerson } from './api';
import { usePeopleTexts } from './texts';

/** Puts a fresh copy of a person everywhere it is shown: the profile, lists, and the session when it is oneself. */
export function usePersonUpdated() {
  const queryClient = useQueryClient();
  const session = useSession();
  return useCallback(
    (person: UserDto, token?: string) => {
      queryClient.setQueryData(peopleKeys.person(person._id), person);
      void queryClient.invalidateQueries({ queryKey: [...peopleKeys.all, 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['users'] });
      if (person._id === session.user?._id) {
        // A changed password ends the other sessions: this one carries on with the new token.
        if (token) session.signIn(token, person);
        else session.updateOwnUser(person);
      }
    },
    [queryClient, session],
  );
}

/** `PUT api/user/{id}` for a profile tab; throws for the form to show field errors. */
export function usePersonSaver(person: UserDto) {
  const { t } = usePeopleTexts();
  const updated = usePersonUpdated();
  return useCallback(
    async (changes: UpdateUserBody, message = t('profile.saved')) => {
      const { result, token } = await updatePerson(person._id, changes);
      updated(result, token);
      notifications.show({ color: 'teal', message });
      return result;
    },
    [person._id, t, updated],
  );
}
