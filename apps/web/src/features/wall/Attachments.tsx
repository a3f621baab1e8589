import { formatBytes, type StoredFile } from '@hallway/shared';
import {
  ActionIcon,
  Anchor,
  Box,
  CloseButton,
  Group,
  Image,
  Modal,
  Paper,
  SimpleGrid,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconExternalLink, IconFile, IconPaperclip } from '@tabler/icons-react';
import { memo, useState } from 'react';
import { useWallTexts } from './texts';

export const isImage = (file: StoredFile) => file.mime.startsWith('image/') && !file.mime.includes('svg');

/** Images as a grid that opens a viewer; other files as download chips. */
export const Attachments = memo(function Attachments({ files }: { files: StoredFile[] }) {
  if (!files.length) return null;
  const images = files.filter(isImage);
  const others = files.filter((file) => !isImage(file));
  return (
    <Box>
      {images.length > 0 && <ImageGrid images={images} />}
      {others.length > 0 && <FileChips files={others} mt={images.length ? 'sm' : 0} />}
    </Box>
  );
});

function ImageGrid({ images }: { images: StoredFile[] }) {
  const { t } = useWallTexts();
  const [open, setOpen] = useState<number | null>(null);
  const shown = images.slice(0, 4);
  const single = images.length === 1;
  return (
    <>
      <SimpleGrid
        cols={single ? 1 : 2}
        spacing={4}
        style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
      >
        {shown.map((image, index) => {
          const hidden = index === 3 ? images.length - 4 : 0;
          return (
            <UnstyledButton
              key={image._id}
              onClick={() => setOpen(index)}
              aria-label={t('attachments.openImage', { name: image.name })}
              style={{ position: 'relative', display: 'block', lineHeight: 0 }}
            >
              <Image
                src={image.mini || image.src}
                alt={image.name}
                loading="lazy"
                // The stored size reserves the picture's place before it loads: nothing below it jumps.
                width={image.width}
                height={image.height}
                h={single ? undefined : 180}
                mah={single ? 420 : undefined}
                w="100%"
                fit={single ? 'contain' : 'cover'}
                bg="var(--mantine-color-default-hover)"
              />
              {hidden > 0 && (
                <Box
                  pos="absolute"
                  inset={0}
                  style={{ display: 'grid', placeItems: 'center', background: 'rgba(0,0,0,0.45)', color: 'white' }}
                >
                  <Text fw={700} size="xl" c="white">
                    +{hidden}
                  </Text>
                </Box>
              )}
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
      <Lightbox images={images} index={open} onChange={setOpen} />
    </>
  );
}

function Lightbox({
  images,
  index,
  onChange,
}: {
  images: StoredFile[];
  index: number | null;
  onChange: (index: number | null) => void;
}) {
  const { t } = useWallTexts();
  const count = images.length;
  const step = (by: number) => index !== null && onChange((index + by + count) % count);
  useHotkeys(
    index === null
      ? []
      : [
          ['ArrowLeft', () => step(-1)],
          ['ArrowRight', () => step(1)],
        ],
  );
  const image = index === null ? null : images[index];
  return (
    <Modal
      opened={!!image}
      onClose={() => onChange(null)}
      size="auto"
      centered
      title={image ? `${image.name} · ${t('attachments.position', { index: (index ?? 0) + 1, count })}` : ''}
      closeButtonProps={{ 'aria-label': t('attachments.close') }}
    >
      {image && (
        <Box pos="relative">
          <Image src={image.src} alt={image.name} mah="75vh" maw="90vw" fit="contain" />
          <Group justify="space-between" mt="sm">
            <Group gap="xs">
              {count > 1 && (
                <>
                  <ActionIcon variant="default" onClick={() => step(-1)} aria-label={t('attachments.previous')}>
                    <IconChevronLeft size={18} />
                  </ActionIcon>
                  <ActionIcon variant="default" onClick={() => step(1)} aria-label={t('attachments.next')}>
                    <IconChevronRight size={18} />
                  </ActionIcon>
                </>
              )}
            </Group>
            <Anchor href={image.src} target="_blank" rel="noopener" size="sm">
              <Group gap={4}>
                <IconExternalLink size={14} />
                {t('attachments.openOriginal')}
              </Group>
            </Anchor>
          </Group>
        </Box>
      )}
    </Modal>
  );
}

function FileChips({ files, mt }: { files: StoredFile[]; mt?: number | string }) {
  const { t } = useWallTexts();
  return (
    <Group gap="xs" mt={mt}>
      {files.map((file) => (
        <Paper
          key={file._id}
          component="a"
          href={file.src}
          download={file.name}
          withBorder
          radius="xl"
          px="sm"
          py={4}
          aria-label={t('attachments.download', { name: file.name })}
          style={{ display: 'inline-flex', alignItems: 'center', gap: 6, textDecoration: 'none', maxWidth: '100%' }}
        >
          <IconPaperclip size={14} />
          <Text size="sm" truncate="end" maw={240}>
            {file.name}
          </Text>
          <Text size="xs" c="dimmed">
            {formatBytes(file.size)}
          </Text>
        </Paper>
      ))}
    </Group>
  );
}

/** Files attached to a draft, each with a remove button; images show their preview. */
export function DraftAttachments({ files, onRemove }: { files: StoredFile[]; onRemove: (id: string) => void }) {
  const { t } = useWallTexts();
  if (!files.length) return null;
  return (
    <Group gap="xs" data-testid="draft-attachments">
      {files.map((file) => (
        <Paper key={file._id} withBorder radius="md" p={4} pos="relative">
          {isImage(file) ? (
            <Image src={file.mini || file.src} alt={file.name} w={72} h={72} radius="sm" fit="cover" />
          ) : (
            <Group gap={6} wrap="nowrap" px={6} h={72} maw={220}>
              <IconFile size={20} />
              <div style={{ minWidth: 0 }}>
                <Text size="sm" truncate="end">
                  {file.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatBytes(file.size)}
                </Text>
              </div>
            </Group>
          )}
          <CloseButton
            size="sm"
            radius="xl"
            variant="filled"
            pos="absolute"
            top={-8}
            right={-8}
            aria-label={t('composer.removeAttachment', { name: file.name })}
            onClick={() => onRemove(file._id)}
          />
        </Paper>
      ))}
    </Group>
  );
}
