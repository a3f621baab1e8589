import type { ArticleDoc } from '@hallway/shared/articles';
import { lazy, Suspense } from 'react';
import { LoadingState } from '../../../ui/States';

export interface ArticleEditorProps {
  /** The document it starts with (null: an empty one). */
  initial: ArticleDoc | null;
  onChange: (doc: ArticleDoc) => void;
  /** The field's accessible name. */
  label: string;
  invalid?: boolean;
  placeholder?: string;
}

const Editor = lazy(() => import('./Editor'));

/** The rich-text editor of articles, vacancies and lessons; TipTap loads only when one is opened. */
export function ArticleEditor(props: ArticleEditorProps) {
  return (
    <Suspense fallback={<LoadingState minHeight={220} />}>
      <Editor {...props} />
    </Suspense>
  );
}
