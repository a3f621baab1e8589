import { Anchor, Badge, Card, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCake } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { useSession } from '../../app/session/context';
import { Avatar } from '../../ui/Avatar';
import { EmptyState, QueryState } from '../../ui/States';
import { usePeopleTexts } from '../profile/texts';
import { byMonth, localDate } from './months';
import { birthdaysQueries } from './queries';

/** /birthdays/ (spec portal §2): the workspace's birthdays this month and next, today's highlighted. */
export default function BirthdaysPage() {
  const { t } = usePeopleTexts();
  const { client } = useSession();
  const today = localDate();
  const query = useQuery(birthdaysQueries.month(client?._id ?? '', today));

  let content = (
    <QueryState
      query={query}
      isEmpty={(people) => people.length === 0}
      empty={
        <EmptyState
          icon={<IconCake size={28} stroke={1.5} />}
          title={t('birthdays.emptyTitle')}
          description={t('birthdays.emptyText')}
        />
      }
    >
      {() => null}
    </QueryState>
  );
  if (query.data && query.data.length > 0 && !query.isError) {
    content = (
      <Stack gap="xl">
        {byMonth(query.data).map(({ month, people }) => (
          <Stack gap="sm" key={month} component="section" aria-labelledby={`month-${month}`}>
            <Title order={2} size="h4" id={`month-${month}`} tt="capitalize">
              {dayjs(`${month}-01`).format('MMMM YYYY')}
            </Title>
            <SimpleGrid
              cols={{ base: 1, xs: 2, md: 3 }}
              spacing="sm"
              component="ul"
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
            >
              {people.map((person) => (
                <Paper
                  key={person._id}
                  component="li"
                  withBorder
                  radius="md"
                  p="md"
                  aria-current={person.today ? 'date' : undefined}
                  style={
                    person.today
                      ? {
                          borderColor: 'var(--mantine-primary-color-filled)',
                          background: 'var(--mantine-primary-color-light)',
                        }
                      : undefined
                  }
                >
                  <Group gap="sm" wrap="nowrap">
                    <Avatar person={{ _id: person._id, fullName: person.name, avatar: person.avatar }} size={48} />
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      <Anchor component={Link} to={`/profile/${person._id}`} fw={600} truncate>
                        {person.name}
                      </Anchor>
                      {person.position && (
                        <Text size="sm" c="dimmed" truncate>
                          {person.position}
                        </Text>
                      )}
                      <Group gap={6}>
                        <Text size="sm" fw={500}>
                          {dayjs(person.date).format('D MMMM')}
                        </Text>
                        {person.today && (
                          <Badge size="sm" leftSection={<IconCake size={12} />}>
                            {t('birthdays.today')}
                          </Badge>
                        )}
                      </Group>
                    </Stack>
                  </Group>
                </Paper>
              ))}
            </SimpleGrid>
          </Stack>
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Title order={1} size="h2">
          {t('birthdays.title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('birthdays.subtitle')}
        </Text>
      </Stack>
      <Card withBorder radius="lg" padding="lg">
        {content}
      </Card>
    </Stack>
  );
}
