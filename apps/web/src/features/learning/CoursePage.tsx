import { COURSE_STATUSES, type CourseDto, type CourseStatus } from '@hallway/shared/learning';
import { Anchor, Button, Card, Group, Modal, Select, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPencil, IconPlayerPlay, IconTrash, IconUsers } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useSession } from '../../app/session/context';
import { errorText } from '../../i18n/errors';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { HeaderCardSkeleton } from '../../ui/Skeletons';
import { QueryState, SkeletonRows } from '../../ui/States';
import { showError, showSuccess } from '../../ui/toast';
import { ContentList } from './ContentList';
import { CourseForm } from './CourseForm';
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
import './learning.css';

const MembersTab = lazy(() => import('./MembersTab'));

/**
 * /courses/:id (modules §2 "course content and participants"): the course's header with the person's progress and
 * what they may do (join, start or continue, the certificate); its content in order; and for its managers the status,
 * editing, ordering, and the participants.
 */
export default function CoursePage() {
  const { t } = useLearningTexts();
  const { id = '' } = useParams();
  const query = useQuery(learningQueries.course(id));
  return (
    <Stack gap="md" maw={1000} mx="auto" w="100%">
      <Anchor component={Link} to="/courses" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden />
          {t('courses.course.back')}
        </Group>
      </Anchor>
      <QueryState query={query} loading={<HeaderCardSkeleton avatar={0} label={t('courses.course.loading')} />}>
        {(course) => <Course course={course} />}
      </QueryState>
    </Stack>
  );
}

function Course({ course }: { course: CourseDto }) {
  const { t } = useLearningTexts();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'participants' && course.can.members ? 'participants' : 'content';
  return (
    <>
      <CourseHeader course={course} />
      <Tabs
        value={tab}
        onChange={(next) => setParams(next === 'participants' ? [['tab', next]] : [], { replace: true })}
        keepMounted={false}
      >
        <Tabs.List aria-label={t('courses.course.tabs')} className="hw-course-tabs">
          <Tabs.Tab value="content">{t('courses.course.content')}</Tabs.Tab>
          {course.can.members && (
            <Tabs.Tab value="participants" leftSection={<IconUsers size={14} aria-hidden />}>
              {t('courses.course.participants')}
            </Tabs.Tab>
          )}
        </Tabs.List>
        <Tabs.Panel value="content" pt="md">
          <ContentList course={course} />
        </Tabs.Panel>
        {course.can.members && (
          <Tabs.Panel value="participants" pt="md">
            <Suspense fallback={<SkeletonRows rows={4} />}>
              <MembersTab course={course} />
            </Suspense>
          </Tabs.Panel>
        )}
      </Tabs>
    </>
  );
}

function CourseHeader({ course }: { course: CourseDto }) {
  const { t } = useLearningTexts();
  const { user } = useSession();
  const navigate = useNavigate();
  const queries = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const join = useMutation(learningMutations.join(queries));
  const remove = useMutation(learningMutations.deleteCourse(queries));
  const my = course.my;
  const next = nextItem(course.items);

  return (
    <Card withBorder radius="lg" padding={0} component="section" aria-labelledby="course-title">
      <CoverImage cover={course.cover} height={180} />
      <Stack gap="sm" p={{ base: 'md', sm: 'lg' }}>
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4} style={{ flex: '1 1 280px', minWidth: 0 }}>
            <Group gap="xs">
              <StatusBadge status={course.status} />
              {my && <LearnerBadge status={my.status} />}
            </Group>
            <Title order={1} size="h2" id="course-title" style={{ overflowWrap: 'anywhere' }}>
              {course.title}
            </Title>
            {course.description && (
              <Text c="dimmed" size="sm" style={{ whiteSpace: 'pre-line' }}>
                {course.description}
              </Text>
            )}
          </Stack>
          <Group gap="xs">
            {course.can.edit && (
              <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
                {t('courses.course.edit')}
              </Button>
            )}
            {course.can.delete && (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => setDeleting(true)}
              >
                {t('courses.course.delete')}
              </Button>
            )}
          </Group>
        </Group>
        {course.can.edit && <StatusControl course={course} />}
        {my && (
          <Stack gap={6} maw={520}>
            <Group justify="space-between" gap="xs">
              <Text size="sm" fw={500}>
                {t('courses.course.myProgress')}
              </Text>
              <DueText due={my.due} overdue={my.overdue} size="sm" />
            </Group>
            <ProgressLine
              percent={my.percent}
              learned={my.status === 'learned'}
              label={t('courses.course.myProgress')}
            />
          </Stack>
        )}
        {course.status === 'archived' && (
          <Text size="sm" c="dimmed">
            {t('courses.course.closed')}
          </Text>
        )}
        <Group gap="xs">
          {course.can.join && (
            <Button
              leftSection={<IconUsers size={16} />}
              loading={join.isPending}
              onClick={() =>
                join.mutate(course._id, {
                  onSuccess: () => showSuccess(t('courses.joined', { title: course.title })),
                  onError: showError,
                })
              }
            >
              {t('courses.join')}
            </Button>
          )}
          {course.can.join && (
            <Text size="sm" c="dimmed">
              {t('courses.course.learnHint')}
            </Text>
          )}
          {course.can.learn && next && my?.status !== 'learned' && (
            <Button component={Link} to={itemPath(course._id, next)} leftSection={<IconPlayerPlay size={16} />}>
              {my?.status === 'started' ? t('courses.continue') : t('courses.start')}
            </Button>
          )}
          {my?.status === 'learned' && user && (
            <CertificateButton courseId={course._id} userId={user._id} title={course.title} size="sm" />
          )}
        </Group>
      </Stack>
      <Modal opened={editing} onClose={() => setEditing(false)} title={t('courses.form.editTitle')} size="lg" centered>
        {editing && (
          <CourseForm
            course={course}
            onDone={() => {
              setEditing(false);
              showSuccess(t('courses.form.saved'));
            }}
            onCancel={() => setEditing(false)}
          />
        )}
      </Modal>
      <ConfirmDialog
        opened={deleting}
        title={t('courses.course.deleteTitle')}
        message={t('courses.course.deleteText', { title: course.title })}
        confirmLabel={t('courses.course.delete')}
        danger
        onConfirm={async () => {
          await remove.mutateAsync(course._id);
          showSuccess(t('courses.course.deleted'));
          navigate('/courses?tab=manage', { replace: true });
        }}
        onClose={() => setDeleting(false)}
      />
    </Card>
  );
}

/** The managers' status control; the server's refusal (an empty course leaving draft) shows under it. */
function StatusControl({ course }: { course: CourseDto }) {
  const { t } = useLearningTexts();
  const queries = useQueryClient();
  const update = useMutation(learningMutations.updateCourse(queries));
  const [error, setError] = useState<string | null>(null);
  return (
    <Select
      label={t('courses.course.statusLabel')}
      description={t(`courses.course.statusHint.${course.status}`)}
      data={COURSE_STATUSES.map((value) => ({ value, label: t(`courses.status.${value}`) }))}
      value={course.status}
      allowDeselect={false}
      disabled={update.isPending}
      maw={360}
      error={error}
      onChange={(value) => {
        if (!value || value === course.status) return;
        setError(null);
        const status = value as CourseStatus;
        update.mutate(
          { id: course._id, body: { status } },
          {
            onSuccess: () => showSuccess(t('courses.course.statusChanged', { status: t(`courses.status.${status}`) })),
            onError: (failure) => setError(errorText(failure)),
          },
        );
      }}
    />
  );
}
