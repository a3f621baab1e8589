import { MOOD_MAX, MOOD_MIN } from '@hallway/shared/mood';

/** The meter's faces, 1 (awful) to 10 (wonderful), and a colour for each (red through yellow to green). */
export const FACES = ['😫', '😣', '😞', '🙁', '😐', '🙂', '😊', '😄', '😁', '🤩'] as const;
export const MOODS = Array.from({ length: MOOD_MAX - MOOD_MIN + 1 }, (_, i) => MOOD_MIN + i);
export const faceOf = (mood: number) => FACES[Math.min(MOOD_MAX, Math.max(MOOD_MIN, Math.round(mood))) - 1];
export const colorOf = (mood: number) =>
  mood < 4 ? 'red.6' : mood < 6 ? 'orange.5' : mood < 8 ? 'yellow.6' : 'teal.6';
