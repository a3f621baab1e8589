import { formatBytes } from '@hallway/shared';
import type { ArticleFile } from '@hallway/shared/articles';
import { ActionIcon, Anchor, Group, Image, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconFile, IconFileTypePdf, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { FileUpload } from '../../ui/FileUpload';
import { showError } from '../../ui/toast';
import { articleMutations } from './queries';
import { useArticlesTexts } from './texts';

/**
 * A folder's or article's files as cards (a thumbnail for pictures and for the first page of a PDF where the server
 * made one): open or download, and for those with `can.files` add (with progress) and remove.
 */
export function Files({ id, files, editable }: { id: string; files: ArticleFile[]; editable: boolean }) {
  const { t } = useArticlesTexts();
  const client = useQueryClient();
  const adding = useMutation(articleMutations.addFiles(client, id));
  const removing = useMutation(articleMutations.deleteFile(client, id));
  const [confirm, setConfirm] = useState<ArticleFile | null>(null);
  if (!files.length && !editable) return null;
  return (
    <Stack gap="sm" component="section" aria-label={t('files.title')}>
      <Title order={2} size="h4">
        {t('files.title')}
      </Title>
      {files.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('files.none')}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        {files.map((file) => (
          <Paper key={file._id} withBorder radius="md" p="xs">
            <Group wrap="nowrap" gap="sm">
              {file.thumb ? (
                <Image src={file.thumb} alt="" w={48} h={48} radius="sm" fit="cover" />
              ) : (
                <ThemeIcon size={48} variant="light" color={file.filetype === 'application/pdf' ? 'red' : 'gray'}>
                  {file.filetype === 'application/pdf' ? <IconFileTypePdf size={24} /> : <IconFile size={24} />}
                </ThemeIcon>
              )}
              <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                <Anchor
                  href={file.path}
                  target="_blank"
                  rel="noopener noreferrer"
                  size="sm"
                  lineClamp={1}
                  aria-label={t('files.open', { name: file.filename })}
                >
                  {file.filename}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {formatBytes(file.size)}
                </Text>
              </Stack>
              {editable && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('files.remove', { name: file.filename })}
                  onClick={() => setConfirm(file)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              )}
            </Group>
          </Paper>
        ))}
      </SimpleGrid>
      {editable && (
        <FileUpload
          multiple
          label={t('files.add')}
          disabled={adding.isPending}
          onUploaded={(results) =>
            adding.mutate(
              results.map((result) => result.file._id),
              { onError: showError },
            )
          }
        />
      )}
      {confirm && (
        <ConfirmDialog
          opened
          danger
          title={t('files.removeTitle')}
          message={t('files.removeText', { name: confirm.filename })}
          confirmLabel={t('actions.delete')}
          onClose={() => setConfirm(null)}
          onConfirm={() => removing.mutateAsync(confirm._id)}
        />
      )}
    </Stack>
  );
}
