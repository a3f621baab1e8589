import { Badge } from '@mantine/core';
import { IconBeach } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useSession } from '../../app/session/context';
import { usePeopleTexts } from '../profile';
import { vacationQueries } from './queries';

/**
 * Who is away today (person id → the vacation's last day, docs/api.md `GET api/user/vacations/away`): one list per
 * workspace; nothing where the workspace has no vacations or the reader lacks the right.
 */
export function useAwayList(): Map<string, string> | undefined {
  const session = useSession();
  const allowed = session.hasFeature('vacations') && session.can('vacations');
  return useQuery(vacationQueries.away(session.client?._id ?? '', allowed)).data;
}

/** "Away until …" for a person on an approved vacation today, shown on the profile. */
export function AwayBadge({ userId, size = 'sm' }: { userId: string; size?: 'xs' | 'sm' | 'md' }) {
  return <AwayLabel end={useAwayList()?.get(userId)} size={size} />;
}

/**
 * The badge for a known last day (none without one): a list reads `useAwayList` once and gives each row its date,
 * so a row neither watches the session nor keeps a query of its own (the address book).
 */
export function AwayLabel({ end, size = 'sm' }: { end: string | undefined; size?: 'xs' | 'sm' | 'md' }) {
  const { t } = usePeopleTexts();
  if (!end) return null;
  return (
    <Badge size={size} color="orange" variant="light" leftSection={<IconBeach size={12} />} data-testid="away-badge">
      {t('profile.away', { date: dayjs(end).format('D MMM') })}
    </Badge>
  );
}
