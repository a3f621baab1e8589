import type { StoredFile } from '@hallway/shared';
import { COURSE_DESCRIPTION_MAX, COURSE_TITLE_MAX, type CourseDto } from '@hallway/shared/learning';
import { Button, FileButton, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconPhoto, IconX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { errorText, fieldErrors } from '../../i18n/errors';
import { CountedTextInput } from '../../ui/CountedTextInput';
import { UploadProgress } from '../../ui/FileUpload';
import { useUpload } from '../../ui/useUpload';
import { CoverImage } from './format';
import { learningMutations } from './queries';
import { useLearningTexts } from './texts';

const ImageCropModal = lazy(() => import('../../ui/crop/ImageCropModal'));

type Errors = Partial<Record<'title' | 'description' | 'cover' | 'form', string>>;

/** A refused save's texts by field, or the whole refusal as `form`. */
export function failedFields(error: unknown): Record<string, string> {
  const fields = fieldErrors(error);
  return Object.keys(fields).length ? fields : { form: errorText(error) };
}

/**
 * A course's title (with its counter), description and cover; a new course is created as a draft, an existing one
 * saved with the fields that changed. The server's refusals show on their fields.
 */
export function CourseForm({
  course,
  onDone,
  onCancel,
}: {
  course?: CourseDto;
  onDone: (course: CourseDto) => void;
  onCancel: () => void;
}) {
  const { t } = useLearningTexts();
  const queries = useQueryClient();
  const [title, setTitle] = useState(course?.title ?? '');
  const [description, setDescription] = useState(course?.description ?? '');
  const [cover, setCover] = useState<StoredFile | null>(course?.cover ?? null);
  const [errors, setErrors] = useState<Errors>({});
  const create = useMutation(learningMutations.createCourse(queries));
  const update = useMutation(learningMutations.updateCourse(queries));
  const busy = create.isPending || update.isPending;

  const submit = () => {
    if (!title.trim()) {
      setErrors({ title: t('courses.form.titleRequired') });
      return;
    }
    setErrors({});
    const body = { title: title.trim(), description: description.trim(), cover: cover?._id ?? null };
    const handlers = { onSuccess: onDone, onError: (error: unknown) => setErrors(failedFields(error)) };
    if (course) update.mutate({ id: course._id, body }, handlers);
    else create.mutate(body, handlers);
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack>
        <CountedTextInput
          label={t('courses.form.title')}
          required
          max={COURSE_TITLE_MAX}
          maxLength={COURSE_TITLE_MAX}
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          error={errors.title}
          data-autofocus
        />
        <Textarea
          label={t('courses.form.description')}
          autosize
          minRows={3}
          maxRows={8}
          maxLength={COURSE_DESCRIPTION_MAX}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          error={errors.description}
        />
        <CoverField cover={cover} onChange={setCover} error={errors.cover} />
        {errors.form && (
          <Text size="sm" c="red" role="alert">
            {errors.form}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('courses.form.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {course ? t('courses.form.save') : t('courses.form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The cover: chosen, cropped to the cover's shape and uploaded with progress; removable. */
function CoverField({
  cover,
  onChange,
  error,
}: {
  cover: StoredFile | null;
  onChange: (cover: StoredFile | null) => void;
  error?: string;
}) {
  const { t } = useLearningTexts();
  const upload = useUpload();
  const [picked, setPicked] = useState<File | null>(null);
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {t('courses.form.cover')}
      </Text>
      {cover && (
        <div style={{ borderRadius: 8, overflow: 'hidden', maxWidth: 420 }}>
          <CoverImage cover={cover} height={140} alt={t('courses.form.coverAlt')} />
        </div>
      )}
      <Group gap="xs">
        <FileButton accept="image/png,image/jpeg,image/webp" onChange={setPicked}>
          {(props) => (
            <Button
              {...props}
              variant="default"
              size="xs"
              leftSection={<IconPhoto size={14} />}
              loading={upload.uploading}
            >
              {cover ? t('courses.form.changeCover') : t('courses.form.addCover')}
            </Button>
          )}
        </FileButton>
        {cover && (
          <Button
            variant="subtle"
            color="red"
            size="xs"
            leftSection={<IconX size={14} />}
            onClick={() => onChange(null)}
          >
            {t('courses.form.removeCover')}
          </Button>
        )}
      </Group>
      <UploadProgress value={upload.progress} />
      {(upload.error || error) && (
        <Text size="sm" c="red" role="alert">
          {upload.error || error}
        </Text>
      )}
      {picked && (
        <Suspense fallback={null}>
          <ImageCropModal
            file={picked}
            purpose="cover"
            onClose={() => setPicked(null)}
            onCropped={async (file) => {
              const [result] = (await upload.upload([file])) ?? [];
              if (result) onChange(result.file);
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}
