import { Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { registry } from '../../app/modules';
import { SlotTabs, useSlots } from '../../app/slots';
import { PageHeader } from '../../ui/PageHeader';
import { QueryState, SkeletonRows } from '../../ui/States';
import { useAdminTexts } from './texts';

/**
 * /admin/ (portal §2 "Admin panel"): the tabs the modules declare (`adminTabs`); `?tab=` names the open one, so it
 * can be linked.
 */
export default function AdminPage() {
  const { t } = useAdminTexts();
  const [params, setParams] = useSearchParams();
  const { slots, query } = useSlots('admin', registry.adminTabs);
  return (
    <Stack gap="lg">
      <PageHeader title={t('title')} />
      {slots ? (
        <SlotTabs
          slots={slots}
          label={t('tabs')}
          props={{}}
          value={params.get('tab') ?? undefined}
          onChange={(tab) => setParams({ tab }, { replace: true })}
        />
      ) : (
        <QueryState query={query} loading={<SkeletonRows rows={5} height={36} />}>
          {() => null}
        </QueryState>
      )}
    </Stack>
  );
}
