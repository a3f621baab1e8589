import type { FeedbackKind } from '@hallway/shared/feedback';
import { Badge, Stack, Tabs } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../ui/PageHeader';
import { ItemList } from './ItemList';
import { feedbackQueries } from './queries';
import { RecipientsTab } from './RecipientsTab';
import { useFeedbackTexts } from './texts';

type TabKey = 'send' | 'mine' | 'inbox' | 'recipients';

/**
 * The page of a kind (/idea, /report_violation): its form, then the person's own, the recipients' inbox and the
 * administrators' choice of recipients, each a tab kept in `?tab=` (a notification opens `?item=` over the list).
 */
export function FeedbackPage({
  kind,
  tabs,
}: {
  kind: FeedbackKind;
  /** The kind's own tabs before the lists (the form; for reports the follow-up by code). */
  tabs: { key: string; panel: (goTo: (tab: string) => void) => ReactNode }[];
}) {
  const { t } = useFeedbackTexts();
  const [params, setParams] = useSearchParams();
  // The first page of one's own says what the caller may do here; a recipient's tab shows how many new ones wait.
  const mine = useQuery(feedbackQueries.list(kind, 'mine', undefined, 0));
  const can = mine.data?.can;
  const inbox = useQuery({ ...feedbackQueries.list(kind, 'inbox', 'new', 0), enabled: !!can?.inbox });
  const keys = [
    ...tabs.map((tab) => tab.key),
    'mine',
    ...(can?.inbox ? ['inbox'] : []),
    ...(can?.recipients ? ['recipients'] : []),
  ];
  const asked = params.get('tab') ?? (params.get('item') ? (can?.inbox ? 'inbox' : 'mine') : keys[0]);
  const current = keys.includes(asked) ? asked : keys[0];
  const goTo = (tab: string) =>
    setParams((p) => {
      p.set('tab', tab);
      return p;
    });
  const waiting = inbox.data?.total ?? 0;
  return (
    <Stack gap="lg">
      <PageHeader title={t(`${kind}.title`)} description={t(`${kind}.description`)} />
      <Tabs value={current} onChange={(next) => next && goTo(next)} keepMounted={false}>
        <Tabs.List aria-label={t(`${kind}.title`)} mb="md">
          {keys.map((key) => (
            <Tabs.Tab
              key={key}
              value={key}
              rightSection={
                key === 'inbox' && waiting > 0 ? (
                  <Badge size="sm" circle>
                    {waiting}
                  </Badge>
                ) : undefined
              }
            >
              {t(`${kind}.tabs.${key as TabKey}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Panel key={tab.key} value={tab.key}>
            {tab.panel(goTo)}
          </Tabs.Panel>
        ))}
        <Tabs.Panel value="mine">
          <ItemList kind={kind} box="mine" />
        </Tabs.Panel>
        <Tabs.Panel value="inbox">
          <ItemList kind={kind} box="inbox" />
        </Tabs.Panel>
        <Tabs.Panel value="recipients">
          <RecipientsTab kind={kind} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
