import type { ClientDto } from '@hallway/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { useSession } from '../../app/session/context';
import { QueryState, SkeletonRows } from '../../ui/States';
import { showSuccess } from '../../ui/toast';
import type { WorkspaceChanges } from '../profile';
import { usePeopleTexts } from '../profile';
import { HeaderImageTab } from './HeaderImageTab';
import { employeesMutations, employeesQueries } from './queries';
import { RightsTab } from './RightsTab';
import { CompanyTab, SettingsTab } from './WorkspaceTabs';

type WorkspaceTabProps = { workspace: ClientDto; onSaved: (changes: WorkspaceChanges) => Promise<void> };

/** An employees tab that edits the workspace: it waits for the workspace and saves it with a "saved" toast. */
const withWorkspace = (Tab: ComponentType<WorkspaceTabProps>) =>
  function WorkspacePanel() {
    const { t } = usePeopleTexts();
    const { client } = useSession();
    const clientId = client?._id ?? '';
    const queryClient = useQueryClient();
    const workspace = useQuery({ ...employeesQueries.workspace(clientId), enabled: !!client });
    const { mutateAsync: update } = useMutation(employeesMutations.updateWorkspace(queryClient, clientId));
    const save = async (changes: WorkspaceChanges) => {
      if (!client) return;
      if (Object.keys(changes).length > 0) await update(changes);
      showSuccess(t('employees.saved'));
    };
    return (
      <QueryState query={workspace} loading={<SkeletonRows rows={5} height={36} />}>
        {(data) => <Tab workspace={data} onSaved={save} />}
      </QueryState>
    );
  };

export const RightsPanel = withWorkspace(RightsTab);
export const SettingsPanel = withWorkspace(SettingsTab);
export const InterfacePanel = withWorkspace(HeaderImageTab);
// A fresh form when the company's data changed elsewhere.
export const CompanyPanel = withWorkspace((props) => (
  <CompanyTab key={props.workspace.name + props.workspace.inn} {...props} />
));
