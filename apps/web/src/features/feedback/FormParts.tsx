import { FEEDBACK_ATTACHMENTS_MAX } from '@hallway/shared/feedback';
import type { StoredFile } from '@hallway/shared/files';
import { Button, Group, Input, Stack, Text } from '@mantine/core';
import { FileUpload } from '../../ui/FileUpload';
import { DraftAttachments } from '../wall';

/** A form's attachments: uploaded as they are picked (within the attachment limit), removable before sending. */
export function Attach({
  label,
  files,
  onChange,
  target,
}: {
  label: string;
  files: StoredFile[];
  onChange: (files: StoredFile[]) => void;
  /** Another upload route (an anonymous report's). */
  target?: string;
}) {
  return (
    <Input.Wrapper label={label}>
      <Stack gap="xs" mt={4}>
        <DraftAttachments files={files} onRemove={(id) => onChange(files.filter((f) => f._id !== id))} />
        {files.length < FEEDBACK_ATTACHMENTS_MAX && (
          <FileUpload
            multiple
            purpose="attachment"
            target={target}
            onUploaded={(results) =>
              onChange([...files, ...results.map((r) => r.file)].slice(0, FEEDBACK_ATTACHMENTS_MAX))
            }
          />
        )}
      </Stack>
    </Input.Wrapper>
  );
}

/** Attachments as the spec sends them: the upload's url and its file name. */
export const asAttachments = (files: StoredFile[]) => files.map((f) => ({ url: f.src, fileName: f.name }));

/** A form's end: what the server refused that belongs to no field, and the send button. */
export function FormEnd({ error, submitting, label }: { error: string | null; submitting: boolean; label: string }) {
  return (
    <>
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
      <Group justify="flex-end">
        <Button type="submit" loading={submitting}>
          {label}
        </Button>
      </Group>
    </>
  );
}
