import { Anchor, Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconCake } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Avatar } from '../../../ui/Avatar';
import { QueryState } from '../../../ui/States';
import { wallQueries } from '../queries';
import { useWallTexts } from '../texts';
import { WidgetCard } from './WidgetCard';

const pad = (n: number) => String(n).padStart(2, '0');
/** The reader's own calendar day decides whose birthday is today. */
export const localDate = (at = new Date()) => `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;

/** Birthdays of this month and next (`GET api/clients/{id}/birthdays`), today's highlighted. */
export function useBirthdaysQuery(clientId: string, enabled: boolean) {
  const today = localDate();
  return useQuery({ ...wallQueries.birthdays(clientId, today), enabled });
}

/** As many as the widget lists without an inner scrollbar; the birthdays page has the rest. */
export const BIRTHDAYS_SHOWN = 6;

export function BirthdaysWidget({ clientId, enabled }: { clientId: string; enabled: boolean }) {
  const { t, lang } = useWallTexts();
  const today = localDate();
  const query = useBirthdaysQuery(clientId, enabled);
  const upcoming = (query.data ?? []).filter((person) => person.date >= today);
  const shown = upcoming.slice(0, BIRTHDAYS_SHOWN);
  const format = new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'long', timeZone: 'UTC' });
  return (
    <WidgetCard icon={<IconCake size={16} />} color="grape" title={t('widgets.birthdays.title')}>
      <QueryState
        query={query}
        compactError
        loading={<Skeleton height={40} radius="md" />}
        isEmpty={() => upcoming.length === 0}
        empty={
          <Text size="sm" c="dimmed">
            {t('widgets.birthdays.empty')}
          </Text>
        }
      >
        {() => null}
      </QueryState>
      {upcoming.length > 0 && (
        <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {shown.map((person) => (
            <Group
              key={person._id}
              component="li"
              gap="sm"
              wrap="nowrap"
              className="hw-widget-row"
              data-today={person.today || undefined}
            >
              <Avatar person={person} size={32} />
              <div style={{ minWidth: 0, flex: 1 }}>
                <Text size="sm" fw={person.today ? 700 : 500} truncate="end">
                  {person.name}
                </Text>
                <Text size="xs" c="dimmed" truncate="end">
                  {format.format(new Date(`${person.date}T00:00:00Z`))}
                  {person.position ? ` · ${person.position}` : ''}
                </Text>
              </div>
              {person.today && (
                <Badge color="grape" variant="filled" leftSection={<IconCake size={12} />}>
                  {t('widgets.birthdays.today')}
                </Badge>
              )}
            </Group>
          ))}
        </Stack>
      )}
      {upcoming.length > shown.length && (
        <Anchor component={Link} to="/birthdays" size="sm">
          {t('widgets.birthdays.all', { count: upcoming.length })}
        </Anchor>
      )}
    </WidgetCard>
  );
}
