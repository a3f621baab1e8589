import type { ClientDto, UserDto } from '@hallway/shared';

export interface MoodCheckInput {
  user: UserDto | null;
  client: ClientDto | null;
  isSuperadmin: boolean;
  /** Startup step 6 runs after the workspace users are loaded (spec portal §4 "Startup order"). */
  enabled: boolean;
}

/**
 * Startup step 6: "for non-superadmins, check whether a mood rating is needed".
 *
 * Extension point, deliberately empty: the mood meter is its own issue (spec modules, mood), which fills this
 * hook with the check call and the meter dialog. The shell already calls it at the right moment of the start-up
 * order, so that issue changes only this file and its own feature folder.
 */
export function useMoodCheck(_input: MoodCheckInput): void {}
