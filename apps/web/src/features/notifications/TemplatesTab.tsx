import { LANGS, type Lang, type NotifTemplateDto } from '@hallway/shared';
import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconAlertCircle, IconEye } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useCatalogues } from '../../i18n/catalogues';
import { errorText, fieldErrors } from '../../i18n/errors';
import { QueryState } from '../../ui/States';
import { showSuccess } from '../../ui/toast';
import { templateKeys, templateMutations, templateQueries } from './settings';
import { useNotificationsTexts } from './texts';

const LANG_LABELS: Record<Lang, string> = { ru: 'RU', ua: 'UK', en: 'EN' };

/**
 * Admin panel "notification templates": a workspace's own texts of each notification per language over the shipped
 * ones (modules §3), with a preview on sample values; `__` is the template of a notification that has none.
 */
export function TemplatesTab() {
  const { t } = useNotificationsTexts();
  const list = useQuery(templateQueries.list());
  const [code, setCode] = useState('posts.mention');
  const [lang, setLang] = useState<Lang>('en');
  const templates = useQuery(templateQueries.code(code));
  const { notificationLabel, withCatalogues } = useCatalogues();
  const name = (c: string) => (c === '__' ? t('templates.fallback') : notificationLabel(c));
  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        {t('templates.intro')}
      </Text>
      <QueryState query={withCatalogues(list)}>
        {(codes) => (
          <Group align="flex-end" gap="sm" wrap="wrap">
            <Select
              style={{ flex: '1 1 260px' }}
              label={t('templates.code')}
              data={codes.map((c) => ({
                value: c.code,
                label: c.custom.length ? `${name(c.code)} · ${t('templates.changed')}` : name(c.code),
              }))}
              value={code}
              onChange={(value) => value && setCode(value)}
              allowDeselect={false}
            />
            <SegmentedControl
              aria-label={t('templates.lang')}
              value={lang}
              onChange={(value) => setLang(value as Lang)}
              data={LANGS.map((l) => ({ value: l, label: LANG_LABELS[l] }))}
            />
          </Group>
        )}
      </QueryState>
      <QueryState query={templates}>
        {(all) => {
          const current = all.find((tpl) => tpl.lang === lang);
          return current ? <TemplateForm key={`${code}:${lang}:${current._id}`} template={current} /> : null;
        }}
      </QueryState>
    </Stack>
  );
}

function TemplateForm({ template }: { template: NotifTemplateDto }) {
  const { t } = useNotificationsTexts();
  const queryClient = useQueryClient();
  const [form, setForm] = useState({
    name: template.name,
    title: template.title,
    short: template.short,
    full: template.full,
  });
  const save = useMutation(templateMutations.save(queryClient));
  const remove = useMutation(templateMutations.remove(queryClient));
  const preview = useMutation(templateMutations.preview());
  const body = { code: template.code, lang: template.lang, ...form };
  const problem = save.error ?? remove.error ?? preview.error;
  const fields = problem ? fieldErrors(problem) : {};
  const refresh = (saved: NotifTemplateDto) => {
    queryClient.setQueryData<NotifTemplateDto[]>(templateKeys.code(template.code), (all) =>
      all?.map((tpl) => (tpl.lang === saved.lang ? saved : tpl)),
    );
  };
  const set = (key: keyof typeof form) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setForm((current) => ({ ...current, [key]: value }));
  };
  return (
    <Stack gap="sm" maw={720}>
      <Group gap="xs">
        <Text size="sm">{t('templates.variables')}</Text>
        {template.variables.map((v) => (
          <Badge key={v} variant="light" tt="none">{`{${v}}`}</Badge>
        ))}
        <Badge color={template.custom ? 'blue' : 'gray'} variant="outline">
          {t(template.custom ? 'templates.own' : 'templates.shipped')}
        </Badge>
      </Group>
      {problem && Object.keys(fields).length === 0 && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {errorText(problem)}
        </Alert>
      )}
      <TextInput label={t('templates.name')} value={form.name} onChange={set('name')} error={fields.name} />
      <TextInput
        label={t('templates.title')}
        value={form.title}
        onChange={set('title')}
        error={fields.title}
        required
      />
      <Textarea label={t('templates.short')} rows={2} value={form.short} onChange={set('short')} error={fields.short} />
      <Textarea
        label={t('templates.full')}
        description={t('templates.fullHint')}
        rows={4}
        value={form.full}
        onChange={set('full')}
        error={fields.full}
      />
      <Group justify="flex-end" gap="sm" wrap="wrap">
        {template._id && (
          <Button
            variant="default"
            color="red"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(template._id!, {
                onSuccess: (shipped) => {
                  refresh(shipped);
                  showSuccess(t('templates.restored'));
                },
              })
            }
          >
            {t('templates.restore')}
          </Button>
        )}
        <Button
          variant="light"
          leftSection={<IconEye size={16} />}
          loading={preview.isPending}
          onClick={() => preview.mutate(body)}
        >
          {t('templates.preview')}
        </Button>
        <Button
          loading={save.isPending}
          onClick={() =>
            save.mutate(
              { _id: template._id, body },
              {
                onSuccess: (saved) => {
                  refresh(saved);
                  showSuccess(t('templates.saved'));
                },
              },
            )
          }
        >
          {t('templates.save')}
        </Button>
      </Group>
      {preview.data && (
        <Paper withBorder radius="md" p="md" aria-label={t('templates.previewTitle')} role="region">
          <Text size="xs" c="dimmed" mb={4}>
            {t('templates.previewTitle')}
          </Text>
          <Text fw={600}>{preview.data.title}</Text>
          {preview.data.short && <Text size="sm">{preview.data.short}</Text>}
          {preview.data.full && (
            <Text size="sm" c="dimmed" mt="xs" style={{ whiteSpace: 'pre-line' }}>
              {preview.data.full}
            </Text>
          )}
        </Paper>
      )}
    </Stack>
  );
}
