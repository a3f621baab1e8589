import type { ArticleDto } from '@hallway/shared/articles';
import { Alert, Badge, Button, Drawer, Group, Paper, Radio, Select, Stack, Text } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDayTime } from '../../i18n/dates';
import { Avatar } from '../../ui/Avatar';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ErrorState, LoadingState, SkeletonRows } from '../../ui/States';
import { showSuccess } from '../../ui/toast';
import { articleMutations, articleQueries } from './queries';
import { useArticlesTexts } from './texts';

/**
 * An article's versions, newest first, with who saved each and when; what changed between any two (a line diff of
 * the text, the title's change above it); and restoring one, which is itself a new version.
 */
export function History({
  node,
  initial,
  onClose,
}: {
  node: ArticleDto;
  initial: { from: number; to: number } | null;
  onClose: () => void;
}) {
  const { t, lang } = useArticlesTexts();
  const client = useQueryClient();
  const versions = useQuery(articleQueries.versions(node._id));
  const list = versions.data ?? [];
  const [to, setTo] = useState<number | null>(initial?.to ?? null);
  const [from, setFrom] = useState<number | null>(initial?.from ?? null);
  const [restoring, setRestoring] = useState<number | null>(null);
  const restore = useMutation(articleMutations.restore(client, node._id));
  const newer = to ?? list[0]?.version ?? null;
  const older = from ?? list.find((version) => newer !== null && version.version < newer)?.version ?? null;
  const diff = useQuery({
    ...articleQueries.diff(node._id, older ?? 0, newer ?? 0),
    enabled: older !== null && newer !== null && older !== newer,
  });
  const options = list.map((version) => ({
    value: String(version.version),
    label: `${t('article.version', { version: version.version })} · ${formatDayTime(version.created, lang)}`,
  }));

  return (
    <Drawer opened onClose={onClose} position="right" size="xl" title={t('history.title')}>
      {versions.isPending ? (
        <SkeletonRows rows={4} label={t('history.loading')} />
      ) : versions.isError ? (
        <ErrorState error={versions.error} onRetry={() => void versions.refetch()} />
      ) : (
        <Stack gap="md">
          <Radio.Group
            label={t('history.to')}
            value={newer !== null ? String(newer) : null}
            onChange={(value) => setTo(Number(value))}
          >
            <Stack gap={6} mt={6}>
              {list.map((version, index) => (
                <Paper key={version.version} withBorder radius="md" p="xs">
                  <Group justify="space-between" wrap="nowrap" gap="sm">
                    <Radio
                      value={String(version.version)}
                      label={
                        <Group gap={6} wrap="wrap">
                          <Text size="sm" fw={600}>
                            {t('article.version', { version: version.version })}
                          </Text>
                          {index === 0 && (
                            <Badge size="xs" variant="light">
                              {t('history.current')}
                            </Badge>
                          )}
                          <Avatar person={version.author} size={18} link={false} decorative />
                          <Text size="sm">{version.author.name}</Text>
                          <Text size="xs" c="dimmed">
                            {formatDayTime(version.created, lang)}
                          </Text>
                          {version.restored_from !== null && (
                            <Text size="xs" c="dimmed">
                              {t('history.restoredFrom', { version: version.restored_from })}
                            </Text>
                          )}
                        </Group>
                      }
                    />
                    {index > 0 && node.can.edit && (
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        leftSection={<IconRestore size={14} />}
                        onClick={() => setRestoring(version.version)}
                        aria-label={`${t('history.restore')}: ${t('article.version', { version: version.version })}`}
                      >
                        {t('history.restore')}
                      </Button>
                    )}
                  </Group>
                </Paper>
              ))}
            </Stack>
          </Radio.Group>
          {list.length > 1 && (
            <Select
              label={t('history.from')}
              data={options.filter((option) => newer === null || Number(option.value) < newer)}
              value={older !== null ? String(older) : null}
              onChange={(value) => setFrom(value ? Number(value) : null)}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
          )}
          {diff.isFetching && !diff.data && <LoadingState minHeight={80} />}
          {diff.isError && <ErrorState error={diff.error} />}
          {diff.data && older !== null && newer !== null && older !== newer && (
            <Paper withBorder radius="md" py="xs" aria-label={t('history.compare')} component="section">
              {diff.data.title.from !== diff.data.title.to && (
                <Text size="sm" px="xs" pb="xs" fw={600}>
                  {t('history.titleChanged', diff.data.title)}
                </Text>
              )}
              {diff.data.lines.every((line) => line.op === 'same') && diff.data.title.from === diff.data.title.to ? (
                <Text size="sm" c="dimmed" px="xs">
                  {t('history.same')}
                </Text>
              ) : (
                diff.data.lines.map((line, index) => (
                  <div
                    // biome-ignore lint/suspicious/noArrayIndexKey: a diff's lines have nothing but their position
                    key={index}
                    className="hw-diff-line"
                    data-op={line.op}
                  >
                    {line.op === 'added' ? '+ ' : line.op === 'removed' ? '− ' : '  '}
                    {line.text}
                  </div>
                ))
              )}
            </Paper>
          )}
          {restore.error && (
            <Alert color="red" role="alert">
              {String(restore.error)}
            </Alert>
          )}
        </Stack>
      )}
      {restoring !== null && (
        <ConfirmDialog
          opened
          title={t('history.restoreTitle', { version: restoring })}
          message={t('history.restoreText')}
          confirmLabel={t('history.restore')}
          onClose={() => setRestoring(null)}
          onConfirm={async () => {
            await restore.mutateAsync({ version: restoring, base: node.version });
            showSuccess(t('history.restored', { version: restoring }));
            setTo(null);
            setFrom(null);
          }}
        />
      )}
    </Drawer>
  );
}
