import { Badge } from '@mantine/core';
import { IconBeach } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useSession } from '../../app/session/context';
import { usePeopleTexts } from '../profile/texts';
import { vacationQueries } from './queries';

/**
 * "Away until …" for a person on an approved vacation today (docs/api.md `GET api/user/vacations/away`), shown on
 * the profile and in the address book. One list per workspace, shared by every badge; nothing where the workspace
 * has no vacations or the reader lacks the right.
 */
export function AwayBadge({ userId, size = 'sm' }: { userId: string; size?: 'xs' | 'sm' | 'md' }) {
  const { t } = usePeopleTexts();
  const session = useSession();
  const allowed = session.hasFeature('vacations') && session.can('vacations');
  const away = useQuery(vacationQueries.away(session.client?._id ?? '', allowed));
  const end = away.data?.get(userId);
  if (!end) return null;
  return (
    <Badge size={size} color="orange" variant="light" leftSection={<IconBeach size={12} />} data-testid="away-badge">
      {t('profile.away', { date: dayjs(end).format('D MMM') })}
    </Badge>
  );
}
