import type { Editor } from '@tiptap/react';
import { useEffect } from 'react';

/** Marks a TipTap editor's field `aria-invalid`; its view exists only once mounted, so an early mark waits for it. */
export function useInvalidMark(editor: Editor | null, invalid: boolean | undefined) {
  useEffect(() => {
    if (!editor) return;
    const mark = () => {
      if (!editor.isDestroyed) editor.view.dom.setAttribute('aria-invalid', invalid ? 'true' : 'false');
    };
    if (editor.isInitialized) mark();
    else editor.on('create', mark);
    return () => {
      editor.off('create', mark);
    };
  }, [editor, invalid]);
}
