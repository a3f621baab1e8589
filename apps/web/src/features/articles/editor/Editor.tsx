import { safeHref } from '@hallway/shared';
import type { ArticleDoc } from '@hallway/shared/articles';
import { ActionIcon, Divider, Group, Popover, Tooltip } from '@mantine/core';
import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconAt,
  IconBlockquote,
  IconBold,
  IconCode,
  IconColumnInsertRight,
  IconColumnRemove,
  IconH2,
  IconH3,
  IconH4,
  IconItalic,
  IconList,
  IconListNumbers,
  IconPhoto,
  IconRowInsertBottom,
  IconRowRemove,
  IconSeparatorHorizontal,
  IconSourceCode,
  IconStrikethrough,
  IconTable,
  IconTableOff,
} from '@tabler/icons-react';
import Image from '@tiptap/extension-image';
import { TableCell, TableHeader, TableKit } from '@tiptap/extension-table';
import { Placeholder } from '@tiptap/extensions';
import { EditorContent, type JSONContent, type Editor as TipTap, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { type ReactNode, useRef, useState } from 'react';
import { LinkTool } from '../../../ui/editor/LinkTool';
import { useInvalidMark } from '../../../ui/editor/useInvalidMark';
import { UploadProgress } from '../../../ui/FileUpload';
import { PeoplePicker } from '../../../ui/PeoplePicker';
import { useUpload } from '../../../ui/useUpload';
import { useArticlesTexts } from '../texts';
import type { en } from '../texts/en';
import type { ArticleEditorProps } from './ArticleEditor';
import { trimDoc } from './doc';
import '../articles.css';

// Cells hold paragraphs only, as the server's document does (docs/api.md "Knowledge base").
const cell = { content: 'paragraph+' };

const isImage = (file: File) => file.type.startsWith('image/');
/** The document of a new article; one object, so the editor never takes a changed `content` for a new one. */
const EMPTY = { type: 'doc', content: [{ type: 'paragraph' }] };
const HEADING_ICONS = { 2: <IconH2 size={16} />, 3: <IconH3 size={16} />, 4: <IconH4 size={16} /> };

/**
 * The knowledge base's editor (TipTap, loaded on demand): headings, lists, quotes, code blocks, rules, tables, links,
 * images pasted, dropped or chosen (uploaded with progress), and mentions of colleagues as links to their profiles.
 * It writes exactly the document the server accepts.
 */
export default function Editor({ initial, onChange, label, invalid, placeholder }: ArticleEditorProps) {
  const { t } = useArticlesTexts();
  const upload = useUpload({ purpose: 'general' });
  const live = useRef({ upload: upload.upload });
  live.current = { upload: upload.upload };

  const insertImages = async (editor: TipTap, files: File[], at?: number) => {
    const results = await live.current.upload(files);
    if (!results?.length || editor.isDestroyed) return;
    const images = results.map((result) => ({
      type: 'image',
      attrs: { src: result.url, alt: result.fileName },
    }));
    const chain = editor.chain().focus();
    (at === undefined ? chain.insertContent(images) : chain.insertContentAt(at, images)).run();
  };
  const insertRef = useRef(insertImages);
  insertRef.current = insertImages;

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3, 4] },
        underline: false,
        link: {
          openOnClick: false,
          autolink: true,
          linkOnPaste: true,
          isAllowedUri: (url) => safeHref(url) !== null,
        },
      }),
      Image.configure({ inline: true, allowBase64: false }),
      TableKit.configure({ table: { resizable: false }, tableCell: false, tableHeader: false }),
      TableCell.extend(cell),
      TableHeader.extend(cell),
      Placeholder.configure({ placeholder: placeholder ?? '' }),
    ],
    // A document without blocks (a new article's) is not one the editor can hold: it starts with an empty paragraph.
    content: (initial?.content.length ? initial : EMPTY) as JSONContent,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        class: 'hw-article-editor',
      },
      handlePaste: (view, event) => {
        const files = [...(event.clipboardData?.files ?? [])].filter(isImage);
        if (!files.length || !editorRef.current) return false;
        event.preventDefault();
        void insertRef.current(editorRef.current, files, view.state.selection.from);
        return true;
      },
      handleDrop: (view, event) => {
        const files = [...(event.dataTransfer?.files ?? [])].filter(isImage);
        if (!files.length || !editorRef.current) return false;
        event.preventDefault();
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
        void insertRef.current(editorRef.current, files, at);
        return true;
      },
    },
    onUpdate: ({ editor: current }) => onChange(trimDoc(current.getJSON() as ArticleDoc)),
  });
  const editorRef = useRef<TipTap | null>(null);
  editorRef.current = editor;

  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current?.isActive('bold') ?? false,
      italic: current?.isActive('italic') ?? false,
      strike: current?.isActive('strike') ?? false,
      code: current?.isActive('code') ?? false,
      bulletList: current?.isActive('bulletList') ?? false,
      orderedList: current?.isActive('orderedList') ?? false,
      blockquote: current?.isActive('blockquote') ?? false,
      codeBlock: current?.isActive('codeBlock') ?? false,
      table: current?.isActive('table') ?? false,
      link: current?.isActive('link') ?? false,
      href: (current?.getAttributes('link').href as string | undefined) ?? '',
      level: ([1, 2, 3, 4].find((level) => current?.isActive('heading', { level })) ?? 0) as number,
      undo: current?.can().undo() ?? false,
      redo: current?.can().redo() ?? false,
    }),
  });

  useInvalidMark(editor, invalid);

  if (!editor || !state) return null;
  const run = () => editor.chain().focus();
  const tool = (
    key: keyof typeof en.editor,
    icon: ReactNode,
    action: () => void,
    active?: boolean,
    disabled?: boolean,
  ) => (
    <Tooltip label={t(`editor.${key}`)} key={key}>
      <ActionIcon
        variant={active ? 'light' : 'subtle'}
        color={active ? undefined : 'gray'}
        size="md"
        aria-label={t(`editor.${key}`)}
        aria-pressed={active === undefined ? undefined : active}
        disabled={disabled}
        onMouseDown={(event) => event.preventDefault()}
        onClick={action}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );

  return (
    <div className="hw-article-editor-frame">
      <Group gap={2} p={4} role="toolbar" aria-label={t('editor.toolbar')} wrap="wrap">
        {([2, 3, 4] as const).map((level) =>
          tool(
            `heading${level}`,
            HEADING_ICONS[level],
            () => run().toggleHeading({ level }).run(),
            state.level === level,
          ),
        )}
        {tool('bold', <IconBold size={16} />, () => run().toggleBold().run(), state.bold)}
        {tool('italic', <IconItalic size={16} />, () => run().toggleItalic().run(), state.italic)}
        {tool('strike', <IconStrikethrough size={16} />, () => run().toggleStrike().run(), state.strike)}
        {tool('code', <IconCode size={16} />, () => run().toggleCode().run(), state.code)}
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
        <MentionTool editor={editor} />
        <Divider orientation="vertical" mx={2} />
        {tool('bulletList', <IconList size={16} />, () => run().toggleBulletList().run(), state.bulletList)}
        {tool('orderedList', <IconListNumbers size={16} />, () => run().toggleOrderedList().run(), state.orderedList)}
        {tool('blockquote', <IconBlockquote size={16} />, () => run().toggleBlockquote().run(), state.blockquote)}
        {tool('codeBlock', <IconSourceCode size={16} />, () => run().toggleCodeBlock().run(), state.codeBlock)}
        {tool('rule', <IconSeparatorHorizontal size={16} />, () => run().setHorizontalRule().run())}
        <ImageTool disabled={upload.uploading} onFiles={(files) => void insertImages(editor, files)} />
        <Divider orientation="vertical" mx={2} />
        {state.table ? (
          <>
            {tool('addRow', <IconRowInsertBottom size={16} />, () => run().addRowAfter().run())}
            {tool('addColumn', <IconColumnInsertRight size={16} />, () => run().addColumnAfter().run())}
            {tool('deleteRow', <IconRowRemove size={16} />, () => run().deleteRow().run())}
            {tool('deleteColumn', <IconColumnRemove size={16} />, () => run().deleteColumn().run())}
            {tool('deleteTable', <IconTableOff size={16} />, () => run().deleteTable().run())}
          </>
        ) : (
          tool('table', <IconTable size={16} />, () =>
            run().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
          )
        )}
        <Divider orientation="vertical" mx={2} />
        {tool('undo', <IconArrowBackUp size={16} />, () => run().undo().run(), undefined, !state.undo)}
        {tool('redo', <IconArrowForwardUp size={16} />, () => run().redo().run(), undefined, !state.redo)}
      </Group>
      {upload.progress !== null && (
        <div style={{ padding: '0 8px 4px' }}>
          <UploadProgress value={upload.progress} />
        </div>
      )}
      {upload.error && (
        <div role="alert" style={{ padding: '0 8px 4px', color: 'var(--mantine-color-error)', fontSize: 13 }}>
          {upload.error}
        </div>
      )}
      <EditorContent editor={editor} />
    </div>
  );
}

function ImageTool({ onFiles, disabled }: { onFiles: (files: File[]) => void; disabled: boolean }) {
  const { t } = useArticlesTexts();
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Tooltip label={t('editor.image')}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="md"
          aria-label={t('editor.image')}
          disabled={disabled}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => input.current?.click()}
        >
          <IconPhoto size={16} />
        </ActionIcon>
      </Tooltip>
      <input
        ref={input}
        type="file"
        accept="image/*"
        multiple
        hidden
        aria-hidden
        tabIndex={-1}
        onChange={(event) => {
          const files = [...(event.currentTarget.files ?? [])];
          event.currentTarget.value = '';
          if (files.length) onFiles(files);
        }}
      />
    </>
  );
}

/** Mentions a colleague: a link to their profile named `@Name`; the save tells them. */
function MentionTool({ editor }: { editor: TipTap }) {
  const { t } = useArticlesTexts();
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} trapFocus position="bottom-start" withinPortal shadow="md">
      <Popover.Target>
        <Tooltip label={t('editor.mention')}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="md"
            aria-label={t('editor.mention')}
            aria-haspopup="dialog"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => setOpened((current) => !current)}
          >
            <IconAt size={16} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        <PeoplePicker
          label={t('editor.mentionWho')}
          value={[]}
          w={280}
          data-autofocus
          onChange={(_ids, people) => {
            const person = people[0];
            if (!person) return;
            editor
              .chain()
              .focus()
              .insertContent([
                {
                  type: 'text',
                  text: `@${person.name}`,
                  marks: [{ type: 'link', attrs: { href: `/profile/${person._id}` } }],
                },
                { type: 'text', text: ' ' },
              ])
              .run();
            setOpened(false);
          }}
        />
      </Popover.Dropdown>
    </Popover>
  );
}
