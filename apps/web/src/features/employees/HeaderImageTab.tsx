import type { ClientDto } from '@hallway/shared';
import { HEADER_IMAGE_HEIGHT } from '@hallway/shared';
import { Box, Button, FileButton, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { errorText } from '../../i18n/errors';
import { UploadProgress } from '../../ui/FileUpload';
import { useUpload } from '../../ui/useUpload';
import type { WorkspaceChanges } from '../profile';
import { useEmployeesTexts } from './texts';

/** The cropper (and its library) loads when an administrator first picks a picture. */
const ImageCropModal = lazy(() => import('../../ui/crop/ImageCropModal'));

/**
 * Interface: the workspace's header image (spec portal §9: 160 px high, from 1000 px wide). Any photo goes through
 * the cropper, which draws exactly such a picture; the server checks the size again. The shell's header shows it.
 */
export function HeaderImageTab({
  workspace,
  onSaved,
}: {
  workspace: ClientDto;
  onSaved: (changes: WorkspaceChanges) => Promise<void>;
}) {
  const { t } = useEmployeesTexts();
  const upload = useUpload();
  const [picked, setPicked] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);

  const cropped = async (file: File) => {
    setPicked(null);
    const [uploaded] = (await upload.upload([file])) ?? [];
    if (!uploaded) return;
    await onSaved({ header: uploaded.file.src }).catch((err) => setProblem(errorText(err)));
  };
  const remove = async () => {
    setRemoving(true);
    setProblem(null);
    await onSaved({ header: '' })
      .catch((err) => setProblem(errorText(err)))
      .finally(() => setRemoving(false));
  };

  return (
    <Stack gap="md" maw={900}>
      <Stack gap={4}>
        <Title order={2} size="h4">
          {t('headerImage')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('headerImageHint')}
        </Text>
      </Stack>
      {workspace.header ? (
        <Box style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}>
          <Image
            src={workspace.header}
            alt={t('headerPreview')}
            h={HEADER_IMAGE_HEIGHT}
            fit="cover"
            data-testid="header-image-preview"
          />
        </Box>
      ) : (
        <Text size="sm">{t('headerNone')}</Text>
      )}
      <Group gap="sm">
        <FileButton
          accept="image/png,image/jpeg,image/webp"
          onChange={(file) => {
            setProblem(null);
            upload.reset();
            setPicked(file);
          }}
        >
          {(props) => (
            <Button {...props} leftSection={<IconPhotoUp size={16} />} loading={upload.uploading}>
              {t('headerUpload')}
            </Button>
          )}
        </FileButton>
        {workspace.header && (
          <Button
            variant="light"
            color="red"
            leftSection={<IconTrash size={16} />}
            loading={removing}
            onClick={() => void remove()}
          >
            {t('headerRemove')}
          </Button>
        )}
      </Group>
      <UploadProgress value={upload.progress} />
      {(problem || upload.error) && (
        <Text size="sm" c="red" role="alert">
          {problem || upload.error}
        </Text>
      )}
      {picked && (
        <Suspense fallback={null}>
          <ImageCropModal file={picked} purpose="header" onClose={() => setPicked(null)} onCropped={cropped} />
        </Suspense>
      )}
    </Stack>
  );
}
