import { safeHref } from '@hallway/shared';
import { ActionIcon, Button, Group, Popover, Stack, TextInput, Tooltip } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import type { Editor } from '@tiptap/react';
import { useState } from 'react';

/** The words of the link tool, in the editor's language. */
export interface LinkToolTexts {
  link: string;
  linkAddress: string;
  linkInvalid: string;
  linkRemove: string;
  linkApply: string;
}

/** The formatting editors' link button: an address field for the selected text (web, mail or an intranet path), or removing the link. */
export function LinkTool({
  editor,
  active,
  href,
  texts,
}: {
  editor: Editor;
  active: boolean;
  href: string;
  texts: LinkToolTexts;
}) {
  const [opened, setOpened] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState(false);
  const apply = () => {
    const safe = safeHref(value.trim());
    if (!safe) return setError(true);
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !active)
      chain.insertContent({ type: 'text', text: safe, marks: [{ type: 'link', attrs: { href: safe } }] }).run();
    else chain.setLink({ href: safe }).run();
    setOpened(false);
  };
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      trapFocus
      position="bottom-start"
      withinPortal
      shadow="md"
      onOpen={() => {
        setValue(href);
        setError(false);
      }}
    >
      <Popover.Target>
        <Tooltip label={texts.link}>
          <ActionIcon
            variant={active ? 'light' : 'subtle'}
            color={active ? undefined : 'gray'}
            size="md"
            aria-label={texts.link}
            aria-pressed={active}
            aria-haspopup="dialog"
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => setOpened((current) => !current)}
          >
            <IconLink size={16} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack
          gap="xs"
          component="form"
          onSubmit={(event) => {
            event.preventDefault();
            apply();
          }}
        >
          <TextInput
            size="xs"
            label={texts.linkAddress}
            placeholder="https://"
            value={value}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              setError(false);
            }}
            error={error ? texts.linkInvalid : undefined}
            w={260}
            data-autofocus
          />
          <Group gap="xs" justify="flex-end">
            {active && (
              <Button
                size="compact-xs"
                variant="subtle"
                color="gray"
                onClick={() => {
                  editor.chain().focus().extendMarkRange('link').unsetLink().run();
                  setOpened(false);
                }}
              >
                {texts.linkRemove}
              </Button>
            )}
            <Button size="compact-xs" type="submit">
              {texts.linkApply}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
