import type { PollItem } from '@hallway/shared/polls';
import { Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconClock, IconHourglassEmpty, IconListCheck, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MetaItem } from '../../ui/MetaItem';
import { DeadlineText, TypeBadge } from './format';
import { PollActionsMenu } from './PollActions';
import { usePollsTexts } from './texts';

/**
 * A poll in the list: its name (opening it), type, author, deadline, whether the person answered, the responses where
 * they may see results, and the action menu by `can`.
 */
export function PollCard({ poll }: { poll: PollItem }) {
  const { t } = usePollsTexts();
  const titleId = `poll-${poll._id}`;
  const waiting = !poll.finished && poll.can.answer && !poll.answered;
  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      component="article"
      aria-labelledby={titleId}
      className="hw-poll-card"
      data-waiting={waiting || undefined}
      data-testid="poll-card"
    >
      <Stack gap={8}>
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
            <Title order={2} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
              <Link to={`/poll/${poll._id}`} className="hw-poll-link">
                {poll.name}
              </Link>
            </Title>
            <Text size="sm" c="dimmed" truncate="end">
              {t('card.by', { name: poll.author.name })}
            </Text>
          </Stack>
          <PollActionsMenu poll={poll} withOpen />
        </Group>
        {poll.description && (
          <Text size="sm" lineClamp={2}>
            {poll.description}
          </Text>
        )}
        <Group gap="sm" wrap="wrap">
          <TypeBadge type={poll.type} />
          {poll.finished && (
            <Badge variant="outline" color="gray" radius="sm" size="sm">
              {t('card.finished')}
            </Badge>
          )}
          {poll.answered ? (
            <Badge
              variant="light"
              color="teal"
              radius="sm"
              size="sm"
              leftSection={<IconCircleCheck size={12} aria-hidden />}
            >
              {t('card.answered')}
            </Badge>
          ) : waiting ? (
            <Badge
              variant="light"
              color="orange"
              radius="sm"
              size="sm"
              leftSection={<IconHourglassEmpty size={12} aria-hidden />}
            >
              {t('card.notAnswered')}
            </Badge>
          ) : null}
          <MetaItem icon={IconClock}>
            <DeadlineText poll={poll} />
          </MetaItem>
          <MetaItem icon={IconListCheck}>{t('card.questions', { count: poll.questions_count })}</MetaItem>
          {poll.can.results && <MetaItem icon={IconUsers}>{t('card.responses', { count: poll.responses })}</MetaItem>}
        </Group>
      </Stack>
    </Paper>
  );
}

/** The list's shape while it loads. */
export function PollCardsSkeleton({ label }: { label: string }) {
  return (
    <Stack gap="sm" role="status" aria-live="polite" aria-label={label} aria-busy>
      {[0, 1, 2].map((row) => (
        <Paper key={row} withBorder radius="lg" p="md">
          <Stack gap={10}>
            <Skeleton height={20} width="55%" radius="sm" />
            <Skeleton height={14} width="25%" radius="sm" />
            <Group gap="sm">
              <Skeleton height={18} width={70} radius="sm" />
              <Skeleton height={18} width={140} radius="sm" />
            </Group>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
