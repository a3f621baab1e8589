import type { StoredFile } from '@hallway/shared';
import { formatBytes } from '@hallway/shared';
import { ActionIcon, Anchor, Group, Input, Stack, Text } from '@mantine/core';
import { IconPaperclip, IconX } from '@tabler/icons-react';
import { FileUpload } from '../../ui/FileUpload';
import { useServicesTexts } from './texts';

/** Files as links with their sizes. */
export function FileLinks({ files }: { files: StoredFile[] }) {
  return (
    <Stack gap={4} component="ul" className="hw-services-plain-list">
      {files.map((file) => (
        <Group key={file._id} component="li" gap={6} wrap="nowrap">
          <IconPaperclip size={14} aria-hidden />
          <Anchor href={file.src} target="_blank" rel="noreferrer" size="sm" style={{ overflowWrap: 'anywhere' }}>
            {file.name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {formatBytes(file.size)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/** Files uploaded as attachments (20 MB each, with progress), listed with a remove button each. */
export function FilesInput({
  label,
  value,
  onChange,
  max,
  error,
  required,
}: {
  label: string;
  value: StoredFile[];
  onChange: (files: StoredFile[]) => void;
  max: number;
  error?: string | null;
  required?: boolean;
}) {
  const { t } = useServicesTexts();
  return (
    <Input.Wrapper label={label} error={error} required={required}>
      <Stack gap={6} mt={4}>
        {value.length > 0 && (
          <Stack gap={4} component="ul" className="hw-services-plain-list">
            {value.map((file) => (
              <Group key={file._id} component="li" gap={6} wrap="nowrap">
                <IconPaperclip size={14} aria-hidden />
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {file.name}
                </Text>
                <ActionIcon
                  size="sm"
                  variant="subtle"
                  color="gray"
                  aria-label={t('form.removeFile', { name: file.name })}
                  onClick={() => onChange(value.filter((other) => other._id !== file._id))}
                >
                  <IconX size={14} />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        )}
        <FileUpload
          purpose="attachment"
          multiple
          label={t('form.upload')}
          disabled={value.length >= max}
          onUploaded={(results) => onChange([...value, ...results.map((result) => result.file)].slice(0, max))}
        />
      </Stack>
    </Input.Wrapper>
  );
}
