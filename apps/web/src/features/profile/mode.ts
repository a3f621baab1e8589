import { createContext, useContext } from 'react';

/** The profile's edit mode (issue 12): its forms go back to the read page once saved or cancelled. */
export interface ProfileEditMode {
  done(): void;
}

export const ProfileEditContext = createContext<ProfileEditMode | null>(null);

/** Null outside the edit mode (a form shown on its own). */
export const useProfileEditMode = () => useContext(ProfileEditContext);
