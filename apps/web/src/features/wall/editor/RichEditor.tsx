import { type RichDoc, safeHref } from '@hallway/shared';
import { ActionIcon, Group, Paper, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconBold, IconItalic, IconList, IconListNumbers } from '@tabler/icons-react';
import { Placeholder } from '@tiptap/extensions';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Avatar } from '../../../ui/Avatar';
import { LinkTool } from '../../../ui/editor/LinkTool';
import { useInvalidMark } from '../../../ui/editor/useInvalidMark';
import { usePeopleSearch } from '../MentionTextarea';
import { type Mention, mentionQueryAt } from '../mentions';
import { useWallTexts } from '../texts';
import { useEditorTexts } from './texts';

export interface RichEditorProps {
  /** The document it starts with (`@Name` mentions, see convert.ts). */
  initial: RichDoc;
  onChange: (doc: RichDoc) => void;
  mentions: Mention[];
  onMentionsChange: (mentions: Mention[]) => void;
  /** Ctrl+Enter or Cmd+Enter. */
  onSubmit?: () => void;
  label: string;
  placeholder?: string;
  autoFocus?: boolean;
  invalid?: boolean;
}

type Query = { from: number; to: number; query: string };

/** The `@query` before the caret in its paragraph, as a document range. */
function queryAt(editor: Editor): Query | null {
  const { selection } = editor.state;
  if (!selection.empty) return null;
  const { $from } = selection;
  const before = $from.parent.textBetween(0, $from.parentOffset, undefined, '\ufffc');
  const found = mentionQueryAt(before, before.length);
  if (!found) return null;
  return { from: $from.pos - (before.length - found.start), to: $from.pos, query: found.query };
}

/**
 * The wall's formatting editor (TipTap, loaded only when a person asks for formatting): bold, italic, lists and links
 * from a labelled toolbar or the usual shortcuts, @mentions as in the plain field, Ctrl+Enter sends.
 */
export default function RichEditor({
  initial,
  onChange,
  mentions,
  onMentionsChange,
  onSubmit,
  label,
  placeholder,
  autoFocus,
  invalid,
}: RichEditorProps) {
  const { t } = useEditorTexts();
  const { t: wall } = useWallTexts();
  const [query, setQuery] = useState<Query | null>(null);
  const [active, setActive] = useState(0);
  const results = usePeopleSearch(query?.query ?? '');
  const open = !!query && !!results;
  // The editor's key handler is made once: it reads the current suggestions through a ref.
  const live = useRef({ open, results, active, query, mentions, onSubmit });
  live.current = { open, results, active, query, mentions, onSubmit };

  // Closing the suggestions a moment after blur lets a click on one land first; never after unmounting.
  const blurTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(blurTimer.current), []);

  const choose = (index: number) => {
    const { results: found, query: at, mentions: chosen } = live.current;
    const person = found?.[index];
    if (!person || !at || !editor) return;
    editor.chain().focus().insertContentAt({ from: at.from, to: at.to }, `@${person.name} `).run();
    if (!chosen.some((m) => m.id === person._id)) onMentionsChange([...chosen, { id: person._id, name: person.name }]);
    setQuery(null);
  };
  const chooseRef = useRef(choose);
  chooseRef.current = choose;

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: false,
        blockquote: false,
        code: false,
        codeBlock: false,
        strike: false,
        underline: false,
        horizontalRule: false,
        link: {
          openOnClick: false,
          autolink: false,
          linkOnPaste: true,
          isAllowedUri: (url) => safeHref(url) !== null,
        },
      }),
      Placeholder.configure({ placeholder: placeholder ?? '' }),
    ],
    content: initial,
    autofocus: autoFocus ? 'end' : false,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
      },
      handleKeyDown: (_view, event) => {
        const state = live.current;
        if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
          event.preventDefault();
          setQuery(null);
          state.onSubmit?.();
          return true;
        }
        if (!state.open || !state.results?.length) return false;
        if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
          const step = event.key === 'ArrowDown' ? 1 : -1;
          setActive((current) => (current + step + state.results!.length) % state.results!.length);
          return true;
        }
        if (event.key === 'Enter' || event.key === 'Tab') {
          chooseRef.current(state.active);
          return true;
        }
        if (event.key === 'Escape') {
          setQuery(null);
          return true;
        }
        return false;
      },
    },
    onUpdate: ({ editor: current }) => {
      onChange(current.getJSON() as RichDoc);
      setQuery(queryAt(current));
      setActive(0);
    },
    onSelectionUpdate: ({ editor: current }) => setQuery(queryAt(current)),
    onBlur: () => {
      blurTimer.current = setTimeout(() => setQuery(null), 150);
    },
  });

  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current?.isActive('bold') ?? false,
      italic: current?.isActive('italic') ?? false,
      bulletList: current?.isActive('bulletList') ?? false,
      orderedList: current?.isActive('orderedList') ?? false,
      link: current?.isActive('link') ?? false,
      href: (current?.getAttributes('link').href as string | undefined) ?? '',
    }),
  });

  useInvalidMark(editor, invalid);

  // TipTap focuses once, a moment after it mounts. An editor that was not on screen then (its Suspense boundary hid it
  // again while something else loaded) is focused when it shows: React runs layout effects again on reappearing.
  useLayoutEffect(() => {
    if (!autoFocus || !editor) return;
    const frame = requestAnimationFrame(() => {
      if (!editor.isDestroyed && !editor.isFocused) editor.commands.focus('end');
    });
    return () => cancelAnimationFrame(frame);
  }, [editor, autoFocus]);

  if (!editor || !state) return null;
  const tool = (name: 'bold' | 'italic' | 'bulletList' | 'orderedList', icon: React.ReactNode, run: () => void) => (
    <Tooltip label={t(`editor.${name}`)} key={name}>
      <ActionIcon
        variant={state[name] ? 'light' : 'subtle'}
        color={state[name] ? undefined : 'gray'}
        size="md"
        aria-label={t(`editor.${name}`)}
        aria-pressed={state[name]}
        onMouseDown={(event) => event.preventDefault()}
        onClick={run}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );

  return (
    <div className="hw-editor">
      <Group gap={2} p={4} role="toolbar" aria-label={t('editor.toolbar')}>
        {tool('bold', <IconBold size={16} />, () => editor.chain().focus().toggleBold().run())}
        {tool('italic', <IconItalic size={16} />, () => editor.chain().focus().toggleItalic().run())}
        {tool('bulletList', <IconList size={16} />, () => editor.chain().focus().toggleBulletList().run())}
        {tool('orderedList', <IconListNumbers size={16} />, () => editor.chain().focus().toggleOrderedList().run())}
        <LinkTool
          editor={editor}
          active={state.link}
          href={state.href}
          texts={{
            link: t('editor.link'),
            linkAddress: t('editor.linkAddress'),
            linkInvalid: t('editor.linkInvalid'),
            linkRemove: t('editor.linkRemove'),
            linkApply: t('editor.linkApply'),
          }}
        />
      </Group>
      <EditorContent editor={editor} />
      {open && results && (
        <Paper withBorder shadow="md" m={4} p={4} role="listbox" aria-label={wall('mentions.list')}>
          {results.length ? (
            results.map((person, index) => (
              <UnstyledButton
                key={person._id}
                role="option"
                aria-selected={index === active}
                aria-label={person.name}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(index)}
                w="100%"
                p={4}
                style={{
                  borderRadius: 4,
                  background: index === active ? 'var(--mantine-primary-color-light)' : undefined,
                }}
              >
                <Group gap="sm" wrap="nowrap">
                  <Avatar person={person} size={24} link={false} decorative />
                  <Text size="sm" truncate="end">
                    {person.name}
                  </Text>
                </Group>
              </UnstyledButton>
            ))
          ) : (
            <Text size="sm" c="dimmed" p={4}>
              {wall('mentions.none')}
            </Text>
          )}
        </Paper>
      )}
    </div>
  );
}
