import type { StoredFile } from '@hallway/shared';
import type { CourseContentItem, CourseStatus, LearnerStatus, MyCourseProgress } from '@hallway/shared/learning';
import { Badge, Box, Button, Group, Progress, Text, ThemeIcon } from '@mantine/core';
import { IconCertificate, IconSchool } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { formatDay } from '../../i18n/dates';
import { showError } from '../../ui/toast';
import { learningMutations } from './queries';
import { useLearningTexts } from './texts';

const STATUS_COLORS: Record<CourseStatus, string> = {
  draft: 'gray',
  appointed: 'violet',
  published: 'teal',
  archived: 'dark',
};
const LEARNER_COLORS: Record<LearnerStatus, string> = { not_started: 'gray', started: 'blue', learned: 'teal' };

/** A course's status as a small badge. */
export function StatusBadge({ status }: { status: CourseStatus }) {
  const { t } = useLearningTexts();
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" radius="sm" size="sm">
      {t(`courses.status.${status}`)}
    </Badge>
  );
}

/** A learner's status (not started, in progress, learned) as a small badge. */
export function LearnerBadge({ status }: { status: LearnerStatus }) {
  const { t } = useLearningTexts();
  return (
    <Badge color={LEARNER_COLORS[status]} variant="light" radius="sm" size="sm">
      {t(`courses.learner.${status}`)}
    </Badge>
  );
}

/** The due date, red and said to be overdue once it has passed unlearned. */
export function DueText({ due, overdue, size = 'xs' }: { due: string | null; overdue: boolean; size?: 'xs' | 'sm' }) {
  const { t, lang } = useLearningTexts();
  if (!due) return null;
  const date = formatDay(due, lang);
  return (
    <Text size={size} c={overdue ? 'red' : 'dimmed'} fw={overdue ? 600 : undefined}>
      {overdue ? t('courses.card.overdue', { date }) : t('courses.card.due', { date })}
    </Text>
  );
}

/** The person's progress as a labelled bar with its percent. */
export function ProgressLine({ percent, label, learned }: { percent: number; label: string; learned?: boolean }) {
  const { t } = useLearningTexts();
  return (
    <Group gap="xs" wrap="nowrap">
      <Progress
        value={percent}
        color={learned ? 'teal' : undefined}
        aria-label={label}
        size="md"
        radius="xl"
        style={{ flex: 1 }}
      />
      <Text size="xs" c="dimmed" miw={72} ta="right">
        {t('courses.card.percent', { percent })}
      </Text>
    </Group>
  );
}

/** The course's cover, or a calm icon in its place (the same height, so cards line up). */
export function CoverImage({ cover, height, alt = '' }: { cover: StoredFile | null; height: number; alt?: string }) {
  if (cover) {
    return (
      <img
        src={cover.src}
        alt={alt}
        height={height}
        style={{ width: '100%', height, objectFit: 'cover', display: 'block' }}
        loading="lazy"
      />
    );
  }
  return (
    <Box
      h={height}
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: 'var(--mantine-primary-color-light)',
      }}
    >
      <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
        <IconSchool size={30} stroke={1.5} />
      </ThemeIcon>
    </Box>
  );
}

/** Downloads the person's certificate of a learned course (the PDF, fetched with the session's token). */
export function CertificateButton({
  courseId,
  userId,
  title,
  size = 'xs',
}: {
  courseId: string;
  userId: string;
  title: string;
  size?: 'xs' | 'sm';
}) {
  const { t } = useLearningTexts();
  const download = useMutation({ ...learningMutations.certificate(), onError: showError });
  return (
    <Button
      size={size}
      variant="light"
      color="teal"
      leftSection={<IconCertificate size={16} />}
      loading={download.isPending}
      aria-label={t('courses.certificateOf', { title })}
      onClick={() => download.mutate({ courseId, userId })}
    >
      {t('courses.certificate')}
    </Button>
  );
}

/** The first lesson or test the person has not done yet (or the first one), where "Continue" leads. */
export function nextItem(items: CourseContentItem[]): CourseContentItem | null {
  return items.find((item) => !item.done) ?? items[0] ?? null;
}

/** The page of one entry of a course's content. */
export const itemPath = (courseId: string, item: Pick<CourseContentItem, 'type' | '_id'>) =>
  `/courses/${courseId}/${item.type === 'lesson' ? 'lessons' : 'tests'}/${item._id}`;

/** Whether a member's progress says the course is learned. */
export const isLearned = (my: MyCourseProgress | null) => my?.status === 'learned';
