import { Stack } from '@mantine/core';
import { registry } from '../../app/modules';
import { SlotTabs, useSlots } from '../../app/slots';
import { PageHeader } from '../../ui/PageHeader';
import { QueryState, SkeletonRows } from '../../ui/States';
import { usePeopleTexts } from '../profile';

/**
 * /employees/ (spec portal §2, administrators): the tabs the modules declare (`employeesTabs`): all employees,
 * rights and roles, other settings, notifications (the workspace defaults), interface, company data.
 */
export default function EmployeesPage() {
  const { t } = usePeopleTexts();
  const { slots, query } = useSlots('employees', registry.employeesTabs);
  return (
    <Stack gap="lg">
      <PageHeader title={t('employees.title')} />
      {slots ? (
        <SlotTabs slots={slots} label={t('employees.tabs')} props={{}} />
      ) : (
        <QueryState query={query} loading={<SkeletonRows rows={5} height={36} />}>
          {() => null}
        </QueryState>
      )}
    </Stack>
  );
}
