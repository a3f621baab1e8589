import { FeedbackPage } from './FeedbackPage';
import { IdeaForm } from './IdeaForm';

/** /idea (portal §2): suggest an idea, follow one's own, and the recipients' inbox. */
export default function IdeaPage() {
  return (
    <FeedbackPage kind="idea" tabs={[{ key: 'send', panel: (goTo) => <IdeaForm onSent={() => goTo('mine')} /> }]} />
  );
}
