import { Button, Group, Text } from '@mantine/core';
import { errorText, fieldErrors } from '../../i18n/errors';
import { useShopTexts } from './texts';

/** A refused save's texts by field (`fields.name`…), or the whole refusal as `form`. */
export function failedFields(error: unknown): Record<string, string> {
  const fields = fieldErrors(error);
  return Object.keys(fields).length ? fields : { form: errorText(error) };
}

/** The end of a shop form: the refusal that belongs to no field, then Cancel and the submit button. */
export function FormFooter({
  error,
  busy,
  submit,
  onCancel,
}: {
  error?: string;
  busy: boolean;
  submit: string;
  onCancel: () => void;
}) {
  const { t } = useShopTexts();
  return (
    <>
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button type="submit" loading={busy}>
          {submit}
        </Button>
      </Group>
    </>
  );
}
