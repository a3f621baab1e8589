import { Anchor, Badge, Button, Group, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBriefcase, IconCake, IconConfetti } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Avatar } from '../../../ui/Avatar';
import { QueryState } from '../../../ui/States';
import { WidgetCard } from '../../../ui/WidgetCard';
import { type Celebration, celebrations, congratulationOf, pluralForm, useCongratulate } from '../congratulate';
import { useWall } from '../context';
import { wallQueries } from '../queries';
import { useWallTexts } from '../texts';

const pad = (n: number) => String(n).padStart(2, '0');
/** The reader's own calendar day decides whose birthday is today. */
export const localDate = (at = new Date()) => `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;

/** Birthdays of this month and next (`GET api/clients/{id}/birthdays`), today's highlighted. */
export const birthdaysQuery = (clientId: string) => wallQueries.birthdays(clientId, localDate());

/** As many as the widget lists without an inner scrollbar; the birthdays page has the rest. */
export const BIRTHDAYS_SHOWN = 6;

/**
 * Birthdays and work anniversaries of this month and next, today's first and highlighted, each of today's with a
 * "Congratulate" button that opens the composer prefilled. An anniversaries failure leaves the birthdays shown.
 */
export function BirthdaysWidget({ clientId, enabled }: { clientId: string; enabled: boolean }) {
  const { t } = useWallTexts();
  const today = localDate();
  const query = useQuery({ ...birthdaysQuery(clientId), enabled });
  const anniversaries = useQuery({ ...wallQueries.anniversaries(clientId, today), enabled });
  const upcoming = celebrations(query.data ?? [], anniversaries.data ?? []).filter((entry) => entry.date >= today);
  const shown = upcoming.slice(0, BIRTHDAYS_SHOWN);
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
          {shown.map((entry) => (
            <CelebrationRow key={entry.key} entry={entry} />
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

function CelebrationRow({ entry }: { entry: Celebration }) {
  const { t, lang } = useWallTexts();
  const { canWrite } = useWall();
  const congratulate = useCongratulate();
  const format = new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'long', timeZone: 'UTC' });
  const anniversary = entry.kind === 'anniversary';
  const detail = anniversary
    ? t(`widgets.birthdays.yearsAt.${pluralForm(lang, entry.years)}`, { count: entry.years })
    : entry.position;
  return (
    <Group
      component="li"
      gap="sm"
      wrap="nowrap"
      className="hw-widget-row"
      data-today={entry.today || undefined}
      data-kind={entry.kind}
    >
      <Avatar person={entry} size={32} />
      <div style={{ minWidth: 0, flex: 1 }}>
        <Group gap={4} wrap="nowrap">
          {anniversary && (
            <ThemeIcon
              size={16}
              radius="xl"
              variant="light"
              color="teal"
              role="img"
              aria-label={t('widgets.birthdays.anniversary')}
            >
              <IconBriefcase size={11} />
            </ThemeIcon>
          )}
          <Text size="sm" fw={entry.today ? 700 : 500} truncate="end">
            {entry.name}
          </Text>
        </Group>
        {/* Dimmed grey on today's tinted row would fall under 4.5:1: that row keeps the body colour. */}
        <Text size="xs" c={entry.today ? undefined : 'dimmed'} truncate="end">
          {/* The years matter more than the date for an anniversary: they come first, the date may be cut. */}
          {anniversary && detail ? `${detail} · ` : ''}
          {format.format(new Date(`${entry.date}T00:00:00Z`))}
          {!anniversary && detail ? ` · ${detail}` : ''}
        </Text>
        {entry.today && canWrite && (
          <Button
            size="compact-xs"
            radius="xl"
            color={anniversary ? 'teal' : 'grape'}
            mt={4}
            leftSection={<IconConfetti size={12} />}
            aria-label={t('congratulate.buttonFor', { name: entry.name })}
            onClick={() => congratulate(congratulationOf(entry))}
          >
            {t('congratulate.button')}
          </Button>
        )}
      </div>
      {entry.today && (
        <Badge
          color={anniversary ? 'teal' : 'grape'}
          variant="filled"
          leftSection={anniversary ? <IconBriefcase size={12} /> : <IconCake size={12} />}
        >
          {t('widgets.birthdays.today')}
        </Badge>
      )}
    </Group>
  );
}
