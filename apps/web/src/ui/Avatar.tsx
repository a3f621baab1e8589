import { DEFAULT_AVATAR_SIZE } from '@hallway/shared';
import { Avatar as MantineAvatar } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n';

/** The fields an avatar may read (spec portal §3 "Current user": avatar/pics, fullName, name, googleImage, logo). */
export interface AvatarPerson {
  _id?: string;
  fullName?: string;
  name?: string;
  firstName?: string;
  lastName?: string;
  avatar?: string | null;
  pics?: { src: string; mini?: string }[];
  googleImage?: string;
  logo?: string;
}

export function displayName(person: AvatarPerson): string {
  const joined = [person.firstName, person.lastName].filter(Boolean).join(' ');
  return person.fullName?.trim() || person.name?.trim() || joined || '';
}

/** Up to two letters: first and last word of the name. */
export function initials(person: AvatarPerson): string {
  const words = displayName(person).split(/\s+/).filter(Boolean);
  if (!words.length) return '?';
  const first = words[0][0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1][0] ?? '') : '';
  return (first + last).toUpperCase();
}

function pictureOf(person: AvatarPerson, size: number): string | null {
  const pic = person.pics?.[0];
  const fromPics = pic ? (size <= 64 ? pic.mini || pic.src : pic.src) : null;
  return person.avatar || fromPics || person.googleImage || person.logo || null;
}

/** How long a picture that failed waits before its one retry. */
export const AVATAR_RETRY_MS = 1500;

/**
 * `src`, asked for once more a moment after it fails: a picture requested while the file cookie was still being set
 * (or during a network blip) answers 401 or nothing, and should not stay initials for the whole visit. A query
 * parameter makes the retry a new request rather than the browser's remembered failure. Returns the `src` to show
 * and the image's error handler.
 */
function useRetryOnce(original: string | null): [string | null, () => void] {
  const [failure, setFailure] = useState<{ src: string; retried: boolean } | null>(null);
  const current = failure && failure.src === original ? failure : null;
  useEffect(() => {
    if (!current || current.retried) return;
    const timer = setTimeout(() => setFailure({ src: current.src, retried: true }), AVATAR_RETRY_MS);
    return () => clearTimeout(timer);
  }, [current]);
  const onError = () => {
    if (original && !current) setFailure({ src: original, retried: false });
  };
  if (!original || !current?.retried) return [original, onError];
  return [`${original}${original.includes('?') ? '&' : '?'}retry=1`, onError];
}

export interface AvatarProps {
  person: AvatarPerson;
  size?: number;
  /** Opens the profile in a new tab on click (spec portal §2); off inside menus that own the click. */
  link?: boolean;
  /** The name is written right beside the picture: it has no text of its own (a screen reader reads the name once). */
  decorative?: boolean;
}

/** A person's picture with an initials fallback; 32 px by default (spec portal §9). */
export function Avatar({ person, size = DEFAULT_AVATAR_SIZE, link = true, decorative = false }: AvatarProps) {
  const { t } = useTranslation();
  const name = displayName(person);
  const [src, onError] = useRetryOnce(pictureOf(person, size));
  const picture = (
    <MantineAvatar
      src={src}
      alt={decorative ? '' : name}
      size={size}
      radius="xl"
      color="initials"
      name={name}
      imageProps={{ onError }}
    >
      {initials(person)}
    </MantineAvatar>
  );
  if (!link || !person._id) return picture;
  return (
    <a
      href={`/profile/${person._id}`}
      target="_blank"
      rel="noopener"
      aria-label={t('avatar.openProfile', { name })}
      style={{ display: 'inline-flex', borderRadius: '50%', textDecoration: 'none' }}
    >
      {picture}
    </a>
  );
}
