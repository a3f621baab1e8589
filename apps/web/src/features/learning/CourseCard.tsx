import type { CourseItemDto } from '@hallway/shared/learning';
import { Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBook, IconChecklist, IconPlayerPlay, IconUsers } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../app/session/context';
import { formatDay } from '../../i18n/dates';
import { MetaItem } from '../../ui/MetaItem';
import { showError, showSuccess } from '../../ui/toast';
import {
  CertificateButton,
  CoverImage,
  DueText,
  itemPath,
  LearnerBadge,
  nextItem,
  ProgressLine,
  StatusBadge,
} from './format';
import { learningMutations, learningQueries } from './queries';
import { useLearningTexts } from './texts';

export type CardMode = 'all' | 'learning' | 'manage';
const COVER_HEIGHT = 140;

/**
 * A course in a list: its cover, title (opening it), description and counts; in "My learning" the person's progress,
 * status, due date and Continue or the certificate; in the catalogue Join where the server allows it; the status for
 * those who manage it.
 */
export function CourseCard({ course, mode }: { course: CourseItemDto; mode: CardMode }) {
  const { t, lang } = useLearningTexts();
  const { user } = useSession();
  const titleId = `course-${course._id}`;
  const my = course.my;
  return (
    <Card withBorder radius="lg" padding={0} component="article" aria-labelledby={titleId}>
      <CoverImage cover={course.cover} height={COVER_HEIGHT} />
      <Stack gap={8} p="md" style={{ flex: 1 }}>
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Title order={2} size="h4" id={titleId} style={{ overflowWrap: 'anywhere', flex: 1 }}>
            <Link to={`/courses/${course._id}`} className="hw-course-link">
              {course.title}
            </Link>
          </Title>
          {course.can.edit && <StatusBadge status={course.status} />}
        </Group>
        {course.description && (
          <Text size="sm" c="dimmed" lineClamp={2}>
            {course.description}
          </Text>
        )}
        <Group gap="sm" wrap="wrap">
          <MetaItem icon={IconBook}>{t('courses.card.lessons', { count: course.lessons })}</MetaItem>
          <MetaItem icon={IconChecklist}>{t('courses.card.tests', { count: course.tests })}</MetaItem>
          {mode === 'manage' && (
            <MetaItem icon={IconUsers}>{t('courses.card.members', { count: course.members })}</MetaItem>
          )}
        </Group>
        {my && mode !== 'manage' && (
          <Stack gap={6}>
            <Group gap="xs" justify="space-between">
              <LearnerBadge status={my.status} />
              {my.status === 'learned' && my.learned_at ? (
                <Text size="xs" c="dimmed">
                  {t('courses.card.learnedOn', { date: formatDay(my.learned_at, lang) })}
                </Text>
              ) : (
                <DueText due={my.due} overdue={my.overdue} />
              )}
            </Group>
            <ProgressLine
              percent={my.percent}
              learned={my.status === 'learned'}
              label={t('courses.card.progress', { title: course.title })}
            />
          </Stack>
        )}
        <Group gap="xs" mt="auto" pt={4}>
          {course.can.join && <JoinButton course={course} />}
          {my && course.can.learn && my.status !== 'learned' && <ContinueButton course={course} />}
          {my?.status === 'learned' && user && (
            <CertificateButton courseId={course._id} userId={user._id} title={course.title} />
          )}
        </Group>
      </Stack>
    </Card>
  );
}

function JoinButton({ course }: { course: CourseItemDto }) {
  const { t } = useLearningTexts();
  const queries = useQueryClient();
  const join = useMutation(learningMutations.join(queries));
  return (
    <Button
      size="xs"
      leftSection={<IconUsers size={14} />}
      loading={join.isPending}
      aria-label={t('courses.joinCourse', { title: course.title })}
      onClick={() =>
        join.mutate(course._id, {
          onSuccess: () => showSuccess(t('courses.joined', { title: course.title })),
          onError: showError,
        })
      }
    >
      {t('courses.join')}
    </Button>
  );
}

/** Opens the first lesson or test the person has not done (read from the course itself). */
function ContinueButton({ course }: { course: CourseItemDto }) {
  const { t } = useLearningTexts();
  const queries = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const started = course.my?.status === 'started';
  const go = async () => {
    setBusy(true);
    try {
      const full = await queries.fetchQuery(learningQueries.course(course._id));
      const next = nextItem(full.items);
      navigate(next ? itemPath(course._id, next) : `/courses/${course._id}`);
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="xs" variant="light" leftSection={<IconPlayerPlay size={14} />} loading={busy} onClick={go}>
      {started ? t('courses.continue') : t('courses.start')}
    </Button>
  );
}

/** The grid's shape while a list loads. */
export function CourseCardsSkeleton({ label }: { label: string }) {
  return (
    <div className="hw-course-grid" role="status" aria-live="polite" aria-label={label} aria-busy>
      {[0, 1, 2].map((slot) => (
        <Card key={slot} withBorder radius="lg" padding={0}>
          <Skeleton height={COVER_HEIGHT} radius={0} />
          <Stack gap={10} p="md">
            <Skeleton height={20} width="70%" radius="sm" />
            <Skeleton height={12} width="90%" radius="sm" />
            <Group gap="sm">
              <Skeleton height={12} width={70} radius="sm" />
              <Skeleton height={12} width={70} radius="sm" />
            </Group>
            <Skeleton height={26} width={90} radius="sm" />
          </Stack>
        </Card>
      ))}
    </div>
  );
}
