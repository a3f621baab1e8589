import type { StoredFile } from '@hallway/shared';
import { SERVICE_FILES_MAX, type ServiceItem } from '@hallway/shared/services';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../api/client';
import { errorText, fieldErrors } from '../../i18n/errors';
import { showSuccess } from '../../ui/toast';
import { type DraftValue, emptyValue, FieldInput, valueProblem, wireValue } from './FieldInput';
import { FilesInput } from './FilesInput';
import { serviceMutations } from './queries';
import { useServicesTexts } from './texts';

const CHIEF_CODES = ['service_chief_not_found', 'service_department_head_not_found', 'service_no_performers'];

/**
 * The request form of a service (modules §2 "/service/:_id"): its fields with the inputs of their types, checked
 * here for required values and formats, then by the server, whose refusals show on their fields; attachments beside
 * the fields. A sent request opens its page.
 */
export function RequestForm({ service }: { service: ServiceItem }) {
  const { t } = useServicesTexts();
  const navigate = useNavigate();
  const start = useMutation(serviceMutations.start(useQueryClient()));
  const [values, setValues] = useState<Record<string, DraftValue>>(() =>
    Object.fromEntries(service.fields.map((field) => [field.key, emptyValue(field)])),
  );
  const [files, setFiles] = useState<StoredFile[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<{ text: string; chief: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const problems: Record<string, string> = {};
    for (const field of service.fields) {
      const problem = valueProblem(field, values[field.key] ?? null);
      if (problem) problems[field.key] = t(`form.problems.${problem}` as 'form.problems.required');
    }
    setErrors(problems);
    setFailure(null);
    if (Object.keys(problems).length) {
      setFailure({ text: t('form.fix'), chief: false });
      const first = service.fields.find((field) => problems[field.key]);
      document.querySelector<HTMLElement>(`[data-field="${first?.key}"]`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const fields = Object.fromEntries(
        service.fields.map((field) => [field.key, wireValue(field, values[field.key] ?? null)]),
      );
      const request = await start.mutateAsync({ tmpl: service._id, fields, files: files.map((file) => file._id) });
      showSuccess(t('form.sent'));
      navigate(`/service/${request._id}`);
    } catch (err) {
      const byField = Object.fromEntries(
        Object.entries(fieldErrors(err)).map(([place, text]) => [place.replace(/^fields\./, ''), text]),
      );
      setErrors(byField);
      const chief = isApiError(err) && CHIEF_CODES.includes(err.code);
      if (chief && isApiError(err) && err.code === 'service_chief_not_found') {
        setFailure({ text: t('form.chiefMissing'), chief: true });
      } else setFailure({ text: errorText(err), chief });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder radius="lg" p="md">
      <form
        noValidate
        aria-labelledby="service-request-title"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <Title order={2} size="h4" id="service-request-title">
            {t('form.title')}
          </Title>
          {service.fields.length === 0 && <Text c="dimmed">{t('form.noFields')}</Text>}
          {service.fields.map((field) => (
            <FieldInput
              key={field.key}
              field={field}
              value={values[field.key] ?? null}
              error={errors[field.key]}
              onChange={(value) => {
                setValues((current) => ({ ...current, [field.key]: value }));
                setErrors(({ [field.key]: _gone, ...rest }) => rest);
              }}
            />
          ))}
          <FilesInput
            label={t('form.attachments')}
            value={files}
            onChange={setFiles}
            max={SERVICE_FILES_MAX}
            error={errors.files}
          />
          {failure && (
            <Alert color={failure.chief ? 'orange' : 'red'} role="alert" data-testid="request-failure">
              {failure.text}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={busy} leftSection={<IconSend size={16} />}>
              {t('form.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
