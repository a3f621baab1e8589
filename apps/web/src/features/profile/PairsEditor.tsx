import { ActionIcon, Alert, Autocomplete, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconAlertCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from '../../i18n';
import { errorText, fieldErrors } from '../../i18n/errors';
import { type InputRules, validateValue } from '../../ui/validation';
import { usePeopleTexts } from './texts';

interface Row {
  key: string;
  value: string;
}

export interface PairsEditorProps {
  pairs: Record<string, string>;
  editable: boolean;
  keyLabel: string;
  valueLabel: string;
  /** Suggestions for the name column (social networks). */
  keyOptions?: string[];
  keyMax: number;
  valueRules: InputRules;
  emptyText: string;
  addLabel: string;
  renderValue?: (value: string) => ReactNode;
  onSave: (pairs: Record<string, string>) => Promise<unknown>;
}

/** Named values (social networks, HR data): a table to read, rows to edit when allowed. */
export function PairsEditor(props: PairsEditorProps) {
  const { t } = usePeopleTexts();
  const { t: common } = useTranslation();
  const initial = Object.entries(props.pairs).map(([key, value]) => ({ key, value }));
  const [rows, setRows] = useState<Row[]>(initial);
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  if (!props.editable) {
    if (!initial.length) return <Text c="dimmed">{props.emptyText}</Text>;
    return (
      <Table verticalSpacing="sm" withRowBorders>
        <Table.Tbody>
          {initial.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Th w="35%" fw={600}>
                {row.key}
              </Table.Th>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                {props.renderValue ? props.renderValue(row.value) : row.value}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    );
  }

  const keyError = (row: Row, index: number) => {
    if (!submitted) return null;
    const broken = validateValue(row.key, { required: true, maxLength: props.keyMax });
    if (broken) return broken;
    return rows.findIndex((r) => r.key.trim() === row.key.trim()) !== index ? t('profile.duplicateKey') : null;
  };
  const valueError = (row: Row) =>
    submitted ? validateValue(row.value, { required: true, ...props.valueRules }) : null;

  const update = (index: number, change: Partial<Row>) =>
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...change } : row)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setProblem(null);
    if (rows.some((row, i) => keyError(row, i) || validateValue(row.value, { required: true, ...props.valueRules })))
      return;
    setSaving(true);
    try {
      await props.onSave(Object.fromEntries(rows.map((r) => [r.key.trim(), r.value.trim()])));
      setSubmitted(false);
    } catch (err) {
      const fields = Object.values(fieldErrors(err));
      setProblem(fields[0] ?? errorText(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {problem && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {problem}
          </Alert>
        )}
        {rows.length === 0 && <Text c="dimmed">{props.emptyText}</Text>}
        {rows.map((row, index) => (
          // Rows have no id of their own: the position is what identifies them while editing.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
            {props.keyOptions ? (
              <Autocomplete
                label={props.keyLabel}
                data={props.keyOptions}
                value={row.key}
                onChange={(key) => update(index, { key })}
                error={keyError(row, index)}
                style={{ flex: '0 1 40%' }}
              />
            ) : (
              <TextInput
                label={props.keyLabel}
                value={row.key}
                onChange={(event) => update(index, { key: event.currentTarget.value })}
                error={keyError(row, index)}
                style={{ flex: '0 1 40%' }}
              />
            )}
            <TextInput
              label={props.valueLabel}
              value={row.value}
              onChange={(event) => update(index, { value: event.currentTarget.value })}
              error={valueError(row)}
              style={{ flex: 1, minWidth: 0 }}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mt={26}
              size="lg"
              aria-label={`${t('profile.removeRow')}: ${row.key || index + 1}`}
              onClick={() => setRows((current) => current.filter((_, i) => i !== index))}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Group justify="space-between">
          <Button
            variant="subtle"
            leftSection={<IconPlus size={14} />}
            onClick={() => setRows((current) => [...current, { key: '', value: '' }])}
          >
            {props.addLabel}
          </Button>
          <Button type="submit" loading={saving}>
            {common('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
