import type { NotificationDto } from '@hallway/shared';
import { Group, Indicator, Avatar as MantineAvatar, Stack, Text, UnstyledButton } from '@mantine/core';
import { Avatar } from '../../ui/Avatar';
import { useNotificationsTexts } from './texts';

/** One entry: who, what, when; unread ones carry a dot. A click opens the object (the caller marks it read). */
export function NotificationItem({
  entry,
  onOpen,
  compact,
}: {
  entry: NotificationDto;
  onOpen: (entry: NotificationDto) => void;
  compact?: boolean;
}) {
  const { t, lang } = useNotificationsTexts();
  const when = new Date(entry.created).toLocaleString(lang === 'uk' ? 'uk' : lang, {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
  return (
    <UnstyledButton
      onClick={() => onOpen(entry)}
      p="xs"
      w="100%"
      data-testid="notification-item"
      data-read={entry.read}
      aria-label={entry.read ? entry.title : `${t('unreadMark')}: ${entry.title}`}
      style={{
        borderRadius: 'var(--mantine-radius-sm)',
        background: entry.read ? undefined : 'var(--mantine-color-blue-light)',
      }}
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Indicator disabled={entry.read} size={8} offset={4} color="blue">
          {/* The title names the actor: the picture is decorative, and the whole row is one button (no profile link). */}
          {entry.actor ? (
            <Avatar person={entry.actor} size={compact ? 32 : 40} link={false} decorative />
          ) : (
            <MantineAvatar radius="xl" size={compact ? 32 : 40} alt="" />
          )}
        </Indicator>
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Text size="sm" fw={entry.read ? 400 : 600} lineClamp={2}>
            {entry.title}
          </Text>
          {entry.text && (
            <Text size="xs" c="dimmed" lineClamp={compact ? 1 : 3}>
              {entry.text}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {when}
          </Text>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}
