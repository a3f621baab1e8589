import type { UserListItem } from '@hallway/shared';
import { ActionIcon, Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconBrandTelegram,
  IconExternalLink,
  IconMail,
  IconPhone,
  IconPin,
  IconPinnedOff,
} from '@tabler/icons-react';
import { memo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../ui/Avatar';
import { tip } from '../../ui/SharedTooltip';
import { contactLinks, PersonActions, usePeopleTexts } from '../profile';
import { AwayLabel } from '../vacations';

function Action({ label, href, icon, external }: { label: string; href: string; icon: ReactNode; external?: boolean }) {
  return (
    <ActionIcon
      component="a"
      href={href}
      variant="light"
      size="lg"
      radius="xl"
      aria-label={label}
      {...tip(label)}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {icon}
    </ActionIcon>
  );
}

/** Mail, call and Telegram, each when the person has it, and what other modules offer (a chat message). */
function ContactActions({ person }: { person: UserListItem }) {
  const { t } = usePeopleTexts();
  const name = person.fullName;
  const links = contactLinks(person);
  return (
    <>
      <PersonActions userId={person._id} name={name} compact />
      {links.mail && <Action label={t('addressBook.mail', { name })} href={links.mail} icon={<IconMail size={18} />} />}
      {links.phone && (
        <Action label={t('addressBook.phone', { name })} href={links.phone} icon={<IconPhone size={18} />} />
      )}
      {links.telegram && (
        <Action
          label={t('addressBook.telegram', { name })}
          href={links.telegram}
          icon={<IconBrandTelegram size={18} />}
          external
        />
      )}
    </>
  );
}

/** The height of a contact button (`ActionIcon` size lg), which the phone's button line keeps without buttons. */
const ACTION_SIZE = 34;

/**
 * A details line, or a no-break space when the person has none of its fields: the line keeps its height, so every
 * row of a layout is as tall as the others (the list places rows by a fixed size, `PeopleList`).
 */
const line = (parts: (string | null | undefined | false)[]) => parts.filter(Boolean).join(' · ') || '\u00a0';

/** An administrator's pin actions, the same object for every row (so rows re-render only when their own data does). */
export interface PinActions {
  toggle: (personId: string) => void;
  /** Puts the person in the place of another pinned person. */
  move: (personId: string, toId: string) => void;
}

export interface PersonRowProps {
  person: UserListItem;
  pin?: PinActions;
  /** The pinned people just above and below, for the move buttons. */
  above?: string | null;
  below?: string | null;
  busy?: boolean;
  /** The last day of the person's vacation, when they are away today. */
  away?: string;
  /** A phone's narrow row: the contact buttons go on a line of their own below. */
  narrow?: boolean;
}

/** One person of the address book (inside the list's `li`): who they are and the ways to reach them. */
export const PersonRow = memo(function PersonRow({
  person,
  pin,
  above,
  below,
  busy = false,
  away,
  narrow = false,
}: PersonRowProps) {
  const { t } = usePeopleTexts();
  const name = person.fullName;
  const pinned = person.pinned_num !== null;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="person-row">
      <Group justify="space-between" wrap="nowrap" gap="sm" align="center">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
          <Avatar person={person} size={44} />
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Group gap={6} wrap="nowrap">
              <Anchor component={Link} to={`/profile/${person._id}`} fw={600} truncate>
                {name}
              </Anchor>
              {pinned && (
                <Badge size="xs" variant="light" leftSection={<IconPin size={10} />}>
                  {t('addressBook.pinned')}
                </Badge>
              )}
              <AwayLabel end={away} size="xs" />
            </Group>
            <Text size="sm" c="dimmed" truncate>
              {line([person.position, person.department])}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {line([person.city, person.phone, person.internalPhone && `#${person.internalPhone}`])}
            </Text>
          </Stack>
        </Group>
        {!narrow && (
          <Group gap={6} wrap="nowrap">
            <ContactActions person={person} />
            <Action
              label={t('addressBook.openProfile', { name })}
              href={`/profile/${person._id}`}
              icon={<IconExternalLink size={18} />}
              external
            />
          </Group>
        )}
        {pin && (
          <Group gap={4} wrap="nowrap">
            {pinned && above && (
              <ActionIcon
                variant="subtle"
                size="lg"
                aria-label={t('addressBook.moveUp', { name })}
                onClick={() => pin.move(person._id, above)}
                disabled={busy}
              >
                <IconArrowUp size={16} />
              </ActionIcon>
            )}
            {pinned && below && (
              <ActionIcon
                variant="subtle"
                size="lg"
                aria-label={t('addressBook.moveDown', { name })}
                onClick={() => pin.move(person._id, below)}
                disabled={busy}
              >
                <IconArrowDown size={16} />
              </ActionIcon>
            )}
            <ActionIcon
              variant={pinned ? 'light' : 'subtle'}
              size="lg"
              aria-label={pinned ? t('addressBook.unpin', { name }) : t('addressBook.pin', { name })}
              aria-pressed={pinned}
              onClick={() => pin.toggle(person._id)}
              disabled={busy}
            >
              {pinned ? <IconPinnedOff size={16} /> : <IconPin size={16} />}
            </ActionIcon>
          </Group>
        )}
      </Group>
      {narrow && (
        <Group gap={6} mt="xs" mih={ACTION_SIZE}>
          <ContactActions person={person} />
        </Group>
      )}
    </Paper>
  );
});
