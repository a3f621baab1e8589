import type { PersonCard } from '@hallway/shared';
import type { TaskCard } from '@hallway/shared/tasks';
import { Badge, Group, Progress, Text, UnstyledButton } from '@mantine/core';
import { IconCalendar, IconCheck, IconPaperclip } from '@tabler/icons-react';
import type { CSSProperties, ReactNode } from 'react';
import { formatDay } from '../../i18n/dates';
import { Avatar } from '../../ui/Avatar';
import { isOverdue } from './board';
import { PRIORITY_COLORS } from './format';
import { useTasksTexts } from './texts';

interface TaskCardFaceProps {
  card: TaskCard;
  performer: PersonCard | null;
  onOpen: (id: string) => void;
  /** The drag handle, drawn in the card's corner (absent where the card cannot move). */
  handle?: ReactNode;
}

/**
 * A card as the kanban shows it: name, priority, performer, plan date (red once overdue), checklist progress,
 * tags, attachments, its colour and border colour. The name opens the card's drawer.
 */
export function TaskCardFace({ card, performer, onOpen, handle }: TaskCardFaceProps) {
  const { t, lang } = useTasksTexts();
  const overdue = card.status === 'open' && isOverdue(card.plan_date);
  const style: CSSProperties = {};
  if (card.color) style.background = `color-mix(in srgb, ${card.color} 22%, var(--mantine-color-body))`;
  if (card.border_color) style.borderColor = card.border_color;
  if (card.border_color) style.borderLeftWidth = 4;
  const day = card.plan_date ? formatDay(card.plan_date, lang) : '';

  return (
    <div className="tasks-card" style={style} data-status={card.status} data-task={card._id}>
      <Group justify="space-between" gap={4} wrap="nowrap" align="flex-start">
        <UnstyledButton
          className="tasks-card-name"
          onClick={() => onOpen(card._id)}
          aria-label={t('card.open', { name: card.name })}
        >
          <Text size="sm" fw={500} lineClamp={3} td={card.status === 'done' ? 'line-through' : undefined}>
            {card.name}
          </Text>
        </UnstyledButton>
        {handle}
      </Group>
      <Group gap={6} mt={6} wrap="wrap">
        {card.priority !== 'normal' && (
          <Badge size="xs" variant="light" color={PRIORITY_COLORS[card.priority]}>
            {t(`priorities.${card.priority}`)}
          </Badge>
        )}
        {card.status === 'done' && (
          <Badge size="xs" variant="light" color="teal" leftSection={<IconCheck size={10} />}>
            {t('card.done')}
          </Badge>
        )}
        {card.tags.map((tag) => (
          <Badge key={tag} size="xs" variant="outline" color="gray" tt="none">
            {tag}
          </Badge>
        ))}
      </Group>
      {card.progress.total > 0 && (
        <Progress
          mt={6}
          size="sm"
          value={(card.progress.done / card.progress.total) * 100}
          aria-label={t('card.checklist', card.progress)}
        />
      )}
      {(day || card.files > 0 || performer) && (
        <Group justify="space-between" mt={6} gap={4} wrap="nowrap">
          <Group gap={8} wrap="nowrap">
            {day && (
              <Text
                size="xs"
                c={overdue ? 'red' : 'dimmed'}
                fw={overdue ? 600 : undefined}
                className="tasks-card-meta"
                aria-label={overdue ? t('card.overdue', { date: day }) : t('card.planDate', { date: day })}
              >
                <IconCalendar size={12} aria-hidden /> {day}
              </Text>
            )}
            {card.files > 0 && (
              <Text
                size="xs"
                c="dimmed"
                className="tasks-card-meta"
                aria-label={t('card.files', { count: card.files })}
              >
                <IconPaperclip size={12} aria-hidden /> {card.files}
              </Text>
            )}
            {card.progress.total > 0 && (
              <Text size="xs" c="dimmed">
                {card.progress.done}/{card.progress.total}
              </Text>
            )}
          </Group>
          {performer && (
            <span title={t('card.performer', { name: performer.name })}>
              <Avatar person={performer} size={22} link={false} decorative />
            </span>
          )}
        </Group>
      )}
    </div>
  );
}
