import type { PollItem } from '@hallway/shared/polls';
import { Anchor, Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useSession } from '../../app/session/context';
import { QueryState } from '../../ui/States';
import { WidgetCard } from '../../ui/WidgetCard';
import { DeadlineText } from './format';
import { pollQueries, WIDGET_SIZE } from './queries';
import { usePollsTexts } from './texts';

/** The widget's first request: the active polls the signed-in person may read. */
export const pollsWidgetQuery = (clientId: string, userId: string) => pollQueries.active(clientId, userId);

/** Those waiting for the person's answer first, then the others, each group newest first (as the server sends them). */
export function widgetPolls(polls: PollItem[]): PollItem[] {
  const waiting = polls.filter((poll) => poll.can.answer && !poll.answered);
  const others = polls.filter((poll) => !(poll.can.answer && !poll.answered));
  return [...waiting, ...others].slice(0, WIDGET_SIZE);
}

/** The wall's polls (modules §2 "wall widgets"): the active polls, those not answered yet first, each a link. */
export function PollsWidget({ clientId, enabled }: { clientId: string; enabled: boolean }) {
  const { t } = usePollsTexts();
  const userId = useSession().user?._id ?? '';
  const query = useQuery({ ...pollsWidgetQuery(clientId, userId), enabled: enabled && !!clientId && !!userId });
  const shown = widgetPolls(query.data?.result ?? []);
  return (
    <WidgetCard icon={<IconChecklist size={16} />} color="orange" title={t('widget.title')}>
      <QueryState
        query={query}
        compactError
        loading={<Skeleton height={40} radius="md" />}
        isEmpty={() => shown.length === 0}
        empty={
          <Text size="sm" c="dimmed">
            {t('widget.empty')}
          </Text>
        }
      >
        {() => (
          <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {shown.map((poll) => {
              const waiting = poll.can.answer && !poll.answered;
              return (
                <Group key={poll._id} component="li" gap="sm" wrap="nowrap" className="hw-widget-row">
                  <div style={{ minWidth: 0, flex: 1 }}>
                    <Anchor
                      component={Link}
                      to={`/poll/${poll._id}`}
                      size="sm"
                      fw={waiting ? 600 : 500}
                      c="var(--mantine-color-text)"
                      truncate="end"
                      display="block"
                    >
                      {poll.name}
                    </Anchor>
                    <Text size="xs" c="dimmed" truncate="end">
                      <DeadlineText poll={poll} />
                    </Text>
                  </div>
                  {waiting ? (
                    <Badge size="xs" variant="light" color="orange" radius="sm" style={{ flex: 'none' }}>
                      {t('widget.waiting')}
                    </Badge>
                  ) : poll.answered ? (
                    <Badge size="xs" variant="light" color="teal" radius="sm" style={{ flex: 'none' }}>
                      {t('widget.answered')}
                    </Badge>
                  ) : null}
                </Group>
              );
            })}
          </Stack>
        )}
      </QueryState>
      <Anchor component={Link} to="/polls" size="sm">
        {t('widget.all')}
      </Anchor>
    </WidgetCard>
  );
}
