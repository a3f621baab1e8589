import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { queryKeys } from '../../api/queryKeys';
import { fetchClients } from '../../features/clients/api';
import { useTranslation } from '../../i18n';
import { useSession } from '../session/context';

/** The superadmin chooses the workspace they act in (X-COMPANY-ID); none is entered by itself. */
export function WorkspaceSwitcher({ onSwitched }: { onSwitched?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { client, enterClient } = useSession();
  const { data } = useQuery({ queryKey: queryKeys.clients(), queryFn: ({ signal }) => fetchClients({}, signal) });
  const options = (data ?? []).map((c) => ({ value: c._id, label: `${c.name} (${c.workspace})` }));
  if (client && !options.some((o) => o.value === client._id)) {
    options.unshift({ value: client._id, label: `${client.name} (${client.workspace})` });
  }
  return (
    <Select
      aria-label={t('shell.workspace')}
      placeholder={t('shell.chooseWorkspace')}
      data={options}
      value={client?._id ?? null}
      searchable
      clearable={false}
      nothingFoundMessage={t('clients.emptyTitle')}
      w={260}
      size="sm"
      comboboxProps={{ withinPortal: true }}
      onChange={(id) => {
        const chosen = data?.find((c) => c._id === id);
        if (!chosen) return;
        enterClient(chosen);
        onSwitched?.();
        navigate('/company');
      }}
    />
  );
}
