import type { LoadStructReport } from '@hallway/shared';
import { Alert, Button, Group, List, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../i18n';
import { errorText, translateCode } from '../../i18n/errors';
import { FileUpload } from '../../ui/FileUpload';
import { structureMutations } from './queries';
import { useStructureTexts } from './texts';

/** Builds the administrative tree from the HR import format: an uploaded sheet, or the HR rows already kept. */
export function LoadStructModal({
  clientId,
  opened,
  onClose,
}: {
  clientId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useStructureTexts();
  const { t: common } = useTranslation();
  const loading = useMutation(structureMutations.load(useQueryClient(), clientId));
  const [report, setReport] = useState<LoadStructReport | null>(null);
  const [working, setWorking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setReport(null);
    setProblem(null);
    onClose();
  };
  const run = async (fileId?: string) => {
    setWorking(true);
    setProblem(null);
    setReport(null);
    try {
      setReport(await loading.mutateAsync(fileId));
    } catch (error) {
      setProblem(errorText(error));
    } finally {
      setWorking(false);
    }
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('load.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': common('common.close') }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('load.hint')}
        </Text>
        <FileUpload
          accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onUploaded={(results) => results[0] && void run(results[0].file._id)}
          disabled={working}
        />
        <Group>
          <Button variant="light" onClick={() => void run()} loading={working}>
            {t('load.fromKept')}
          </Button>
          {working && <Loader size="sm" aria-label={common('common.loading')} />}
        </Group>
        {problem && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {problem}
          </Alert>
        )}
        {report && (
          <Stack gap="xs" role="status">
            <Text fw={600}>{t('load.done', { departments: report.departments, placed: report.placed })}</Text>
            {report.errors.length > 0 && (
              <>
                <Text size="sm" c="red">
                  {t('load.errors', { count: report.errors.length })}
                </Text>
                <List size="sm" spacing={2}>
                  {report.errors.slice(0, 50).map((error, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: rows of a report have no id of their own
                    <List.Item key={index}>
                      {error.row !== null ? `${t('load.row', { row: error.row })}: ` : ''}
                      {Object.entries(error.fields)
                        .map(([field, code]) => `${field} — ${translateCode(code, {}, error.message)}`)
                        .join('; ') || error.message}
                    </List.Item>
                  ))}
                </List>
              </>
            )}
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
