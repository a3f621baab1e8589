import type { AssignableRole, BulkUserAction, BulkUserOutcome, Right, UserListItem } from '@hallway/shared';
import { Alert, Button, Group, List, Menu, Modal, Paper, Select, Stack, Switch, Text } from '@mantine/core';
import {
  IconBan,
  IconCheck,
  IconChevronDown,
  IconDownload,
  IconKey,
  IconMailForward,
  IconRestore,
  IconUserShield,
  IconX,
} from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { offeredRights } from '../../app/features';
import { useSession } from '../../app/session/context';
import { useTranslation } from '../../i18n';
import { errorText, translateCode } from '../../i18n/errors';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { showError, showSuccess } from '../../ui/toast';
import { usePeopleTexts } from '../profile';
import { exportSelected } from './api';
import { employeesMutations } from './queries';
import { useEmployeesTexts } from './texts';

/** Which list the selection was made in: the actions that make sense differ. */
export type EmployeesView = 'active' | 'deleted' | 'pending';

const ROLES: AssignableRole[] = ['admin', 'hr'];

export interface BulkBarProps {
  view: EmployeesView;
  selected: UserListItem[];
  /** Keeps only these people selected (those an action refused), or clears the selection. */
  onSelect: (people: UserListItem[]) => void;
}

/**
 * The bar over the employees table while people are selected: one call per action (`POST api/user/bulk`), the
 * refusals listed by name and reason; the refused people stay selected.
 */
export function BulkBar({ view, selected, onSelect }: BulkBarProps) {
  const { t } = useEmployeesTexts();
  const people = usePeopleTexts();
  const { client } = useSession();
  const bulk = useMutation(employeesMutations.bulk(useQueryClient()));
  const [busy, setBusy] = useState<string | null>(null);
  const [refusals, setRefusals] = useState<{ name: string; code: string }[]>([]);
  const [confirming, setConfirming] = useState<'block' | 'decline' | null>(null);
  const [choosingRight, setChoosingRight] = useState(false);
  if (!selected.length) return null;
  const ids = selected.map((p) => p._id);
  const invited = selected.filter((p) => p.status === 'invited');

  const run = async (
    action: BulkUserAction,
    extra: { role?: AssignableRole; rights?: Partial<Record<Right, boolean>> } = {},
    only = ids,
  ) => {
    setBusy(action);
    setRefusals([]);
    try {
      report(await bulk.mutateAsync({ action, ids: only, ...extra }));
    } finally {
      setBusy(null);
    }
  };
  const report = (outcomes: BulkUserOutcome[]) => {
    const done = outcomes.filter((o) => o.ok).length;
    const refused = outcomes.filter((o) => !o.ok);
    if (done) showSuccess(t('done', { count: done }));
    const byId = new Map(selected.map((p) => [p._id, p]));
    setRefusals(refused.map((o) => ({ name: byId.get(o._id)?.fullName ?? o._id, code: o.code ?? 'unknown' })));
    onSelect(refused.map((o) => byId.get(o._id)).filter((p): p is UserListItem => !!p));
  };
  const attempt = (action: BulkUserAction, extra?: Parameters<typeof run>[1], only?: string[]) =>
    run(action, extra, only).catch(showError);
  const download = async () => {
    setBusy('export');
    try {
      await exportSelected(ids, `employees-${client?.workspace ?? 'workspace'}-selected.xlsx`);
    } catch (err) {
      showError(err);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Paper withBorder radius="md" p="sm" bg="var(--mantine-color-default-hover)">
      <Stack gap="xs">
        <Group gap="xs" wrap="wrap" role="toolbar" aria-label={t('bulkActions')}>
          <Text size="sm" fw={600} mr="xs" role="status" data-testid="bulk-count">
            {t('selected', { count: selected.length })}
          </Text>
          {view === 'active' && (
            <>
              <Button
                size="xs"
                color="red"
                variant="light"
                leftSection={<IconBan size={14} />}
                onClick={() => setConfirming('block')}
              >
                {t('block')}
              </Button>
              {invited.length > 0 && (
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconMailForward size={14} />}
                  loading={busy === 'resend_invitation'}
                  onClick={() =>
                    void attempt(
                      'resend_invitation',
                      {},
                      invited.map((p) => p._id),
                    )
                  }
                >
                  {t('resend')}
                </Button>
              )}
              <Menu position="bottom-start" withinPortal>
                <Menu.Target>
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconUserShield size={14} />}
                    rightSection={<IconChevronDown size={14} />}
                    loading={busy === 'grant_role' || busy === 'revoke_role'}
                  >
                    {people.t('employees.roles')}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Label>{t('grantRole')}</Menu.Label>
                  {ROLES.map((role) => (
                    <Menu.Item key={`grant-${role}`} onClick={() => void attempt('grant_role', { role })}>
                      {`${t('grantRole')}: ${people.t(`employees.${role}`)}`}
                    </Menu.Item>
                  ))}
                  <Menu.Divider />
                  <Menu.Label>{t('revokeRole')}</Menu.Label>
                  {ROLES.map((role) => (
                    <Menu.Item key={`revoke-${role}`} onClick={() => void attempt('revoke_role', { role })}>
                      {`${t('revokeRole')}: ${people.t(`employees.${role}`)}`}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconKey size={14} />}
                loading={busy === 'set_rights'}
                onClick={() => setChoosingRight(true)}
              >
                {t('setRight')}
              </Button>
            </>
          )}
          {view === 'deleted' && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconRestore size={14} />}
              loading={busy === 'unblock'}
              onClick={() => void attempt('unblock')}
            >
              {t('unblock')}
            </Button>
          )}
          {view === 'pending' && (
            <>
              <Button
                size="xs"
                color="teal"
                leftSection={<IconCheck size={14} />}
                loading={busy === 'approve'}
                onClick={() => void attempt('approve')}
              >
                {t('approve')}
              </Button>
              <Button
                size="xs"
                color="red"
                variant="light"
                leftSection={<IconX size={14} />}
                onClick={() => setConfirming('decline')}
              >
                {t('decline')}
              </Button>
            </>
          )}
          <Button
            size="xs"
            variant="default"
            leftSection={<IconDownload size={14} />}
            loading={busy === 'export'}
            onClick={() => void download()}
          >
            {t('export')}
          </Button>
          <Button size="xs" variant="subtle" onClick={() => onSelect([])}>
            {t('clear')}
          </Button>
        </Group>
        {refusals.length > 0 && (
          <Alert color="orange" variant="light" role="alert" title={t('refused', { count: refusals.length })}>
            <List size="sm">
              {refusals.map((r) => (
                <List.Item key={r.name + r.code}>
                  {t('refusedItem', { name: r.name, reason: translateCode(r.code) })}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
      </Stack>
      <ConfirmDialog
        opened={!!confirming}
        onClose={() => setConfirming(null)}
        title={confirming === 'decline' ? t('declineTitle') : t('blockTitle')}
        message={t(confirming === 'decline' ? 'declineText' : 'blockText', { count: selected.length })}
        confirmLabel={confirming === 'decline' ? t('decline') : t('block')}
        danger
        onConfirm={() => (confirming ? run(confirming) : undefined)}
      />
      <RightModal
        opened={choosingRight}
        onClose={() => setChoosingRight(false)}
        onApply={(right, allowed) => run('set_rights', { rights: { [right]: allowed } })}
      />
    </Paper>
  );
}

/** Chooses one right and whether the selection has it. */
function RightModal({
  opened,
  onClose,
  onApply,
}: {
  opened: boolean;
  onClose: () => void;
  onApply: (right: Right, allowed: boolean) => Promise<void>;
}) {
  const { t } = useEmployeesTexts();
  const { t: common } = useTranslation();
  const people = usePeopleTexts();
  const { client } = useSession();
  const [right, setRight] = useState<Right | null>(null);
  const [allowed, setAllowed] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const rights = client?.features ? offeredRights(client) : [];
  const apply = async () => {
    if (!right) return;
    setSaving(true);
    setProblem(null);
    try {
      await onApply(right, allowed);
      onClose();
    } catch (err) {
      setProblem(errorText(err));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('rightTitle')}
      centered
      closeButtonProps={{ 'aria-label': common('common.close') }}
    >
      <Stack gap="md">
        <Select
          label={t('right')}
          data={rights.map((r) => ({ value: r, label: people.t(`rights.${r}`) }))}
          value={right}
          onChange={(value) => setRight(value as Right | null)}
          searchable
          comboboxProps={{ withinPortal: true }}
        />
        <Switch label={t('rightOn')} checked={allowed} onChange={(e) => setAllowed(e.currentTarget.checked)} />
        {problem && (
          <Text size="sm" c="red" role="alert">
            {problem}
          </Text>
        )}
        <Group justify="flex-end">
          <Button onClick={() => void apply()} disabled={!right} loading={saving}>
            {t('apply')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
