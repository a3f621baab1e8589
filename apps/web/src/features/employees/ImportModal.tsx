import type { HrmReport, ImportReport, ImportRowError } from '@hallway/shared';
import { Alert, Badge, Button, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconFileSpreadsheet } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../i18n';
import { errorText, translateCode } from '../../i18n/errors';
import { FileUpload } from '../../ui/FileUpload';
import type { PeopleTexts } from '../profile';
import { downloadExport, usePeopleTexts } from '../profile';
import { employeesMutations } from './queries';

type Report = ImportReport | HrmReport;

/** What went wrong in a row, in the reader's language: "E-mail: Invalid e-mail". */
export function rowProblems(error: ImportRowError, label: (field: string) => string): string {
  const entries = Object.entries(error.fields);
  if (!entries.length) return error.message;
  return entries.map(([field, code]) => `${label(field)}: ${translateCode(code)}`).join('; ');
}

/** The per-row report of an import: how many went in, and each refused row with its reasons. */
export function ImportReportView({ report }: { report: Report }) {
  const { t } = usePeopleTexts();
  const label = (field: string) => (isField(field) ? t(`fields.${field}`) : field);
  return (
    <Stack gap="sm" data-testid="import-report">
      <Group gap="xs">
        <Badge color="teal" variant="light" size="lg">
          {t('employees.reportCreated', { count: report.created.length })}
        </Badge>
        {'updated' in report && (
          <Badge color="blue" variant="light" size="lg">
            {t('employees.reportUpdated', { count: report.updated.length })}
          </Badge>
        )}
        <Badge color={report.errors.length ? 'red' : 'gray'} variant="light" size="lg">
          {t('employees.reportErrors', { count: report.errors.length })}
        </Badge>
      </Group>
      {report.errors.length === 0 ? (
        <Group gap="xs" c="teal">
          <IconCircleCheck size={18} />
          <Text size="sm">{t('employees.reportAllGood')}</Text>
        </Group>
      ) : (
        <Table.ScrollContainer minWidth={360}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={80}>{t('employees.reportRow')}</Table.Th>
                <Table.Th>{t('employees.reportProblem')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.errors.map((error) => (
                <Table.Tr key={error.row}>
                  <Table.Td>{error.row}</Table.Td>
                  <Table.Td>{rowProblems(error, label)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

const FIELD_NAMES = new Set<string>([
  'firstName',
  'middleName',
  'lastName',
  'birthDate',
  'gender',
  'email',
  'phone',
  'internalPhone',
  'telegram',
  'city',
  'organization',
  'position',
  'department',
  'cabinet',
  'chiefCode',
  'workingSince',
  'vacationDays',
  'inn',
  'kpp',
  'login',
  'password',
]);
const isField = (field: string): field is keyof PeopleTexts['fields'] & string => FIELD_NAMES.has(field);

/** Import of a spreadsheet (`POST api/user/import`) or an HR-system file (`POST api/user/load_hrm`). */
export function ImportModal({
  kind,
  opened,
  onClose,
}: {
  kind: 'import' | 'hrm';
  opened: boolean;
  onClose: () => void;
}) {
  const importing = useMutation(employeesMutations.importFile(useQueryClient()));
  const { t } = usePeopleTexts();
  const { t: common } = useTranslation();
  const [report, setReport] = useState<Report | null>(null);
  const [working, setWorking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const downloadTemplate = async () => {
    setDownloading(true);
    setProblem(null);
    try {
      await downloadExport('/api/user/import/template', 'employees-import-template.xlsx', 'GET');
    } catch (err) {
      setProblem(errorText(err));
    } finally {
      setDownloading(false);
    }
  };
  const close = () => {
    setReport(null);
    setProblem(null);
    onClose();
  };
  const run = async (fileId: string) => {
    setWorking(true);
    setProblem(null);
    setReport(null);
    try {
      setReport(await importing.mutateAsync({ kind, fileId }));
    } catch (err) {
      setProblem(errorText(err));
    } finally {
      setWorking(false);
    }
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={kind === 'hrm' ? t('employees.hrmTitle') : t('employees.importTitle')}
      size="lg"
      closeButtonProps={{ 'aria-label': common('common.close') }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {kind === 'hrm' ? t('employees.hrmHint') : t('employees.importHint')}
        </Text>
        {kind === 'import' && (
          <Group gap="sm" wrap="wrap">
            <Button
              variant="light"
              size="xs"
              leftSection={<IconFileSpreadsheet size={16} />}
              loading={downloading}
              onClick={() => void downloadTemplate()}
            >
              {t('employees.template')}
            </Button>
            <Text size="xs" c="dimmed" style={{ flex: 1, minWidth: 200 }}>
              {t('employees.templateHint')}
            </Text>
          </Group>
        )}
        <FileUpload
          accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onUploaded={(results) => results[0] && void run(results[0].file._id)}
          disabled={working}
        />
        {working && <Loader size="sm" aria-label={common('common.loading')} />}
        {problem && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {problem}
          </Alert>
        )}
        {report && <ImportReportView report={report} />}
      </Stack>
    </Modal>
  );
}
