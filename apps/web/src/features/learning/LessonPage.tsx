import type { StoredFile } from '@hallway/shared';
import { formatBytes } from '@hallway/shared';
import type { ArticleDoc } from '@hallway/shared/articles';
import { LESSON_FILES_MAX, LESSON_SECONDS_MAX, LESSON_TITLE_MAX, type LessonDto } from '@hallway/shared/learning';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Input,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconArrowLeft,
  IconArrowRight,
  IconCircleCheck,
  IconFile,
  IconPencil,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { errorText, fieldErrors } from '../../i18n/errors';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { CountedTextInput } from '../../ui/CountedTextInput';
import { FileUpload } from '../../ui/FileUpload';
import { PageHeader } from '../../ui/PageHeader';
import { QueryState } from '../../ui/States';
import { showError, showSuccess } from '../../ui/toast';
import { ArticleBody, ArticleEditor } from '../articles';
import { itemPath } from './format';
import { learningMutations, learningQueries } from './queries';
import { useLearningTexts } from './texts';
import './learning.css';

const EMPTY_DOC: ArticleDoc = { type: 'doc', content: [] } as ArticleDoc;

/**
 * /courses/:id/lessons/:lessonId: a lesson to read (its text, videos, pictures and files), marked as learned with the
 * seconds spent on the page, with the previous and next entries of the course; its managers edit or delete it.
 * /courses/:id/lessons/new: a new lesson's editor.
 */
export default function LessonPage() {
  const { id = '', lessonId = '' } = useParams();
  if (!lessonId || lessonId === 'new') return <NewLesson courseId={id} />;
  return <ExistingLesson key={lessonId} courseId={id} lessonId={lessonId} />;
}

function BackLink({ courseId }: { courseId: string }) {
  const { t } = useLearningTexts();
  return (
    <Anchor component={Link} to={`/courses/${courseId}`} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden />
        {t('courses.lesson.backToCourse')}
      </Group>
    </Anchor>
  );
}

function NewLesson({ courseId }: { courseId: string }) {
  const { t } = useLearningTexts();
  const navigate = useNavigate();
  return (
    <Stack gap="md" maw={900} mx="auto" w="100%">
      <BackLink courseId={courseId} />
      <PageHeader title={t('courses.lesson.newTitle')} />
      <LessonEditor
        courseId={courseId}
        onDone={(lesson) => navigate(`/courses/${courseId}/lessons/${lesson._id}`, { replace: true })}
        onCancel={() => navigate(`/courses/${courseId}`)}
      />
    </Stack>
  );
}

function LessonSkeleton({ label }: { label: string }) {
  return (
    <Stack gap="md" role="status" aria-live="polite" aria-label={label} aria-busy>
      <Skeleton height={30} width="50%" radius="sm" />
      <Paper withBorder radius="lg" p="lg">
        <Stack gap="sm">
          {['95%', '88%', '92%', '70%', '85%', '60%'].map((width) => (
            <Skeleton key={width} height={12} width={width} radius="xl" />
          ))}
        </Stack>
      </Paper>
      <Group justify="space-between">
        <Skeleton height={36} width={160} radius="sm" />
        <Skeleton height={36} width={160} radius="sm" />
      </Group>
    </Stack>
  );
}

function ExistingLesson({ courseId, lessonId }: { courseId: string; lessonId: string }) {
  const { t } = useLearningTexts();
  const query = useQuery(learningQueries.lesson(courseId, lessonId));
  const [editing, setEditing] = useState(false);
  return (
    <Stack gap="md" maw={900} mx="auto" w="100%">
      <BackLink courseId={courseId} />
      <QueryState query={query} loading={<LessonSkeleton label={t('courses.lesson.loading')} />}>
        {(lesson) =>
          editing ? (
            <>
              <PageHeader title={t('courses.lesson.editTitle')} />
              <LessonEditor
                courseId={courseId}
                lesson={lesson}
                onDone={() => setEditing(false)}
                onCancel={() => setEditing(false)}
              />
            </>
          ) : (
            <LessonView lesson={lesson} onEdit={() => setEditing(true)} />
          )
        }
      </QueryState>
    </Stack>
  );
}

function LessonView({ lesson, onEdit }: { lesson: LessonDto; onEdit: () => void }) {
  const { t } = useLearningTexts();
  const queries = useQueryClient();
  const navigate = useNavigate();
  const opened = useRef(Date.now());
  const learn = useMutation(learningMutations.learn(queries));
  const remove = useMutation(learningMutations.deleteLesson(queries, lesson.course_id));
  const [deleting, setDeleting] = useState(false);

  const markLearned = () => {
    const seconds = Math.min(LESSON_SECONDS_MAX, Math.max(0, Math.round((Date.now() - opened.current) / 1000)));
    learn.mutate(
      { course_id: lesson.course_id, lesson_id: lesson._id, seconds },
      { onSuccess: () => showSuccess(t('courses.lesson.learnedToast')), onError: showError },
    );
  };

  return (
    <Stack gap="md">
      <PageHeader
        title={lesson.title}
        actions={
          <>
            {lesson.learned && (
              <Badge color="teal" variant="light" size="lg" leftSection={<IconCircleCheck size={14} aria-hidden />}>
                {t('courses.lesson.learned')}
              </Badge>
            )}
            {lesson.can.edit && (
              <Button variant="default" leftSection={<IconPencil size={16} />} onClick={onEdit}>
                {t('courses.lesson.edit')}
              </Button>
            )}
            {lesson.can.edit && (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => setDeleting(true)}
              >
                {t('courses.lesson.delete')}
              </Button>
            )}
          </>
        }
      />
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="article" aria-label={lesson.title}>
        <Stack gap="lg">
          <ArticleBody doc={lesson.doc} />
          {lesson.files.length > 0 && <LessonFiles files={lesson.files} />}
        </Stack>
      </Paper>
      {lesson.can.learn && !lesson.learned && (
        <Group justify="center">
          <Button size="md" leftSection={<IconCircleCheck size={18} />} loading={learn.isPending} onClick={markLearned}>
            {t('courses.lesson.markLearned')}
          </Button>
        </Group>
      )}
      {!lesson.can.learn && !lesson.can.edit && (
        <Text size="sm" c="dimmed" ta="center">
          {t('courses.lesson.notMember')}
        </Text>
      )}
      <Group justify="space-between" gap="sm" component="nav" aria-label={t('courses.lesson.navigation')}>
        {lesson.prev ? (
          <Button
            component={Link}
            to={itemPath(lesson.course_id, lesson.prev)}
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
            style={{ maxWidth: '48%' }}
          >
            <Text span truncate="end" size="sm">
              {t('courses.lesson.prev', { title: lesson.prev.title })}
            </Text>
          </Button>
        ) : (
          <span />
        )}
        {lesson.next && (
          <Button
            component={Link}
            to={itemPath(lesson.course_id, lesson.next)}
            variant="light"
            rightSection={<IconArrowRight size={16} />}
            style={{ maxWidth: '48%' }}
          >
            <Text span truncate="end" size="sm">
              {t('courses.lesson.next', { title: lesson.next.title })}
            </Text>
          </Button>
        )}
      </Group>
      <ConfirmDialog
        opened={deleting}
        title={t('courses.lesson.deleteTitle')}
        message={t('courses.lesson.deleteText', { title: lesson.title })}
        confirmLabel={t('courses.lesson.delete')}
        danger
        onConfirm={async () => {
          await remove.mutateAsync(lesson._id);
          showSuccess(t('courses.lesson.deleted'));
          navigate(`/courses/${lesson.course_id}`, { replace: true });
        }}
        onClose={() => setDeleting(false)}
      />
    </Stack>
  );
}

/** Videos play in the page, pictures show inline, everything else is a card to download. */
function LessonFiles({ files }: { files: StoredFile[] }) {
  const { t } = useLearningTexts();
  const videos = files.filter((file) => file.mime.startsWith('video/'));
  const images = files.filter((file) => file.mime.startsWith('image/'));
  const others = files.filter((file) => !videos.includes(file) && !images.includes(file));
  return (
    <Stack gap="md" className="hw-lesson-media">
      {videos.map((file) => (
        <figure key={file._id} style={{ margin: 0 }}>
          {/* biome-ignore lint/a11y/useMediaCaption: lessons' videos come without caption tracks */}
          <video
            controls
            preload="metadata"
            src={file.src}
            aria-label={t('courses.lesson.video', { name: file.name })}
          />
          <Text component="figcaption" size="xs" c="dimmed" mt={4}>
            {file.name}
          </Text>
        </figure>
      ))}
      {images.map((file) => (
        <img key={file._id} src={file.src} alt={file.name} loading="lazy" />
      ))}
      {others.length > 0 && (
        <Stack gap="xs">
          <Title order={2} size="h4">
            {t('courses.lesson.files')}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            {others.map((file) => (
              <Paper key={file._id} withBorder radius="md" p="xs">
                <Group gap="sm" wrap="nowrap">
                  <ThemeIcon size={40} variant="light" color="gray" aria-hidden>
                    <IconFile size={22} />
                  </ThemeIcon>
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Anchor
                      href={file.src}
                      target="_blank"
                      rel="noopener noreferrer"
                      download={file.name}
                      size="sm"
                      lineClamp={1}
                      aria-label={t('courses.lesson.download', { name: file.name })}
                    >
                      {file.name}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {formatBytes(file.size)}
                    </Text>
                  </Stack>
                </Group>
              </Paper>
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </Stack>
  );
}

type Errors = Partial<Record<'title' | 'doc' | 'files' | 'form', string>>;

/** A lesson's title, text and files; a new one is created in the course, an existing one saved. */
function LessonEditor({
  courseId,
  lesson,
  onDone,
  onCancel,
}: {
  courseId: string;
  lesson?: LessonDto;
  onDone: (lesson: LessonDto) => void;
  onCancel: () => void;
}) {
  const { t } = useLearningTexts();
  const queries = useQueryClient();
  const create = useMutation(learningMutations.createLesson(queries, courseId));
  const update = useMutation(learningMutations.updateLesson(queries, courseId));
  const [title, setTitle] = useState(lesson?.title ?? '');
  const [doc, setDoc] = useState<ArticleDoc>(lesson?.doc ?? EMPTY_DOC);
  const [files, setFiles] = useState<StoredFile[]>(lesson?.files ?? []);
  const [errors, setErrors] = useState<Errors>({});

  const submit = () => {
    const found: Errors = {};
    if (!title.trim()) found.title = t('courses.lesson.titleRequired');
    if (files.length > LESSON_FILES_MAX) found.files = t('courses.lesson.tooMany', { max: LESSON_FILES_MAX });
    setErrors(found);
    if (Object.keys(found).length) return;
    const body = { title: title.trim(), doc, files: files.map((file) => file._id) };
    const handlers = {
      onSuccess: (saved: LessonDto) => {
        showSuccess(t('courses.lesson.saved'));
        onDone(saved);
      },
      onError: (error: unknown) => {
        const fields = fieldErrors(error);
        setErrors(Object.keys(fields).length ? fields : { form: errorText(error) });
      },
    };
    if (lesson) update.mutate({ id: lesson._id, body }, handlers);
    else create.mutate(body, handlers);
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <CountedTextInput
            label={t('courses.lesson.title')}
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
            max={LESSON_TITLE_MAX}
            maxLength={LESSON_TITLE_MAX}
            error={errors.title}
            withAsterisk
            data-autofocus
          />
          <Input.Wrapper label={t('courses.lesson.body')} labelElement="div" error={errors.doc}>
            <ArticleEditor
              initial={lesson?.doc ?? null}
              onChange={setDoc}
              label={t('courses.lesson.body')}
              invalid={!!errors.doc}
            />
          </Input.Wrapper>
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {t('courses.lesson.files')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('courses.lesson.filesHint')}
            </Text>
            {files.map((file) => (
              <Group key={file._id} gap="xs" wrap="nowrap">
                <IconFile size={16} aria-hidden />
                <Text size="sm" style={{ flex: 1, minWidth: 0 }} truncate="end">
                  {file.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatBytes(file.size)}
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('courses.lesson.removeFile', { name: file.name })}
                  onClick={() => setFiles((list) => list.filter((f) => f._id !== file._id))}
                >
                  <IconX size={16} />
                </ActionIcon>
              </Group>
            ))}
            {files.length < LESSON_FILES_MAX && (
              <FileUpload
                multiple
                onUploaded={(results) => setFiles((list) => [...list, ...results.map((r) => r.file)])}
              />
            )}
            {errors.files && (
              <Text size="sm" c="red" role="alert">
                {errors.files}
              </Text>
            )}
          </Stack>
          {errors.form && (
            <Text size="sm" c="red" role="alert">
              {errors.form}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              {t('courses.lesson.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {lesson ? t('courses.lesson.save') : t('courses.lesson.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
