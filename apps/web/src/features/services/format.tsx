import type { RequestItem } from '@hallway/shared/services';
import { Badge, Text } from '@mantine/core';
import { formatDay } from '../../i18n/dates';
import { useServicesTexts } from './texts';

const STATUS_COLOR = { active: 'blue', success: 'green', rejected: 'red' } as const;

/** A request's status as a badge. */
export function StatusBadge({ status }: { status: RequestItem['status'] }) {
  const { t } = useServicesTexts();
  return (
    <Badge variant="light" color={STATUS_COLOR[status]} radius="sm" style={{ minWidth: 'max-content' }}>
      {t(`status.${status}`)}
    </Badge>
  );
}

/** A request's due date, red and labelled while it runs past it. */
export function DueDate({ request }: { request: Pick<RequestItem, 'due_date' | 'overdue'> }) {
  const { t, lang } = useServicesTexts();
  if (!request.due_date)
    return (
      <Text size="sm" c="dimmed">
        {t('requests.noDue')}
      </Text>
    );
  const day = formatDay(request.due_date, lang);
  return request.overdue ? (
    <Text size="sm" c="red.9" fw={600} data-overdue="true">
      {day} · {t('requests.overdue')}
    </Text>
  ) : (
    <Text size="sm">{day}</Text>
  );
}
