import type { UploadResult } from '@hallway/shared';
import { Button, FileButton, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { type DragEvent, useState } from 'react';
import type { UploadPurpose } from '../api/upload';
import { useTranslation } from '../i18n';
import { useUpload } from './useUpload';

/** The bar of an upload in flight; role progressbar with the rounded percent. */
export function UploadProgress({ value }: { value: number | null }) {
  const { t } = useTranslation();
  if (value === null) return null;
  return (
    <Group gap="xs" wrap="nowrap">
      <Progress value={value} aria-label={t('upload.progress')} style={{ flex: 1 }} animated={value < 100} />
      <Text size="xs" c="dimmed" w={40} ta="right">
        {value}%
      </Text>
    </Group>
  );
}

export interface FileUploadProps {
  onUploaded: (results: UploadResult[]) => void;
  purpose?: UploadPurpose;
  /** Another upload route (useUpload's `target`). */
  target?: string;
  multiple?: boolean;
  accept?: string;
  label?: string;
  disabled?: boolean;
}

/** Pick or drop files, upload them with a progress bar and the spec's size and failure messages. */
export function FileUpload({
  onUploaded,
  purpose = 'general',
  target,
  multiple = false,
  accept,
  label,
  disabled,
}: FileUploadProps) {
  const { t } = useTranslation();
  const { progress, uploading, error, upload } = useUpload({ purpose, target });
  const [dragging, setDragging] = useState(false);

  const send = async (files: File[]) => {
    const chosen = multiple ? files : files.slice(0, 1);
    const results = await upload(chosen);
    if (results?.length) onUploaded(results);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled && !uploading) void send(Array.from(event.dataTransfer.files));
  };

  return (
    <Stack gap={6}>
      <Paper
        withBorder
        radius="md"
        p="sm"
        onDragOver={(event: DragEvent<HTMLDivElement>) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        style={{
          borderStyle: 'dashed',
          background: dragging ? 'var(--mantine-primary-color-light)' : undefined,
        }}
      >
        <Group gap="sm">
          <FileButton
            multiple={multiple}
            accept={accept}
            disabled={disabled || uploading}
            onChange={(picked: File | File[] | null) => {
              const files = Array.isArray(picked) ? picked : picked ? [picked] : [];
              void send(files);
            }}
            inputProps={{ 'data-testid': 'file-input' } as Record<string, string>}
          >
            {(props) => (
              <Button {...props} variant="light" leftSection={<IconUpload size={16} />} loading={uploading}>
                {label ?? (multiple ? t('upload.chooseMany') : t('upload.choose'))}
              </Button>
            )}
          </FileButton>
          <Text size="sm" c="dimmed">
            {t('upload.drop')}
          </Text>
        </Group>
      </Paper>
      <UploadProgress value={progress} />
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
