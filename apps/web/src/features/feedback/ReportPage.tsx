import { FeedbackPage } from './FeedbackPage';
import { FollowTab } from './FollowTab';
import { ReportForm } from './ReportForm';

/** /report_violation (portal §2, menu `no_silent`): report, signed or anonymous; follow by code; the inbox. */
export default function ReportPage() {
  return (
    <FeedbackPage
      kind="report"
      tabs={[
        { key: 'send', panel: (goTo) => <ReportForm onSigned={() => goTo('mine')} /> },
        { key: 'follow', panel: () => <FollowTab /> },
      ]}
    />
  );
}
