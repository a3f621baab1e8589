import type { StoredFile } from '@hallway/shared';
import { Button, FileButton, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import type { CropPurpose } from '../../ui/crop/geometry';
import { UploadProgress } from '../../ui/FileUpload';
import { useUpload } from '../../ui/useUpload';

const ImageCropModal = lazy(() => import('../../ui/crop/ImageCropModal'));

/** Choose a picture, crop it to the purpose's size, upload it with progress: the shop's forms' picture button. */
export function PictureButton({
  purpose,
  label,
  onUploaded,
}: {
  purpose: CropPurpose;
  label: string;
  onUploaded: (file: StoredFile) => void;
}) {
  const upload = useUpload();
  const [picked, setPicked] = useState<File | null>(null);
  return (
    <Stack gap={4}>
      <FileButton accept="image/png,image/jpeg,image/webp" onChange={setPicked}>
        {(props) => (
          <Button
            {...props}
            variant="default"
            size="xs"
            leftSection={<IconPhoto size={14} />}
            loading={upload.uploading}
          >
            {label}
          </Button>
        )}
      </FileButton>
      <UploadProgress value={upload.progress} />
      {upload.error && (
        <Text size="sm" c="red">
          {upload.error}
        </Text>
      )}
      {picked && (
        <Suspense fallback={null}>
          <ImageCropModal
            file={picked}
            purpose={purpose}
            onClose={() => setPicked(null)}
            onCropped={async (file) => {
              const [result] = (await upload.upload([file])) ?? [];
              if (result) onUploaded(result.file);
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}
