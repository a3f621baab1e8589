import { MENTION_SEARCH_MIN } from '@hallway/shared';
import { Combobox, Group, Text, Textarea, type TextareaProps, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, type Ref, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Avatar } from '../../ui/Avatar';
import { type PersonOption, useWall } from './context';
import { insertMention, type Mention, matchPeople, mentionQueryAt } from './mentions';
import { wallQueries } from './queries';
import { useWallTexts } from './texts';

export interface MentionTextareaProps
  extends Omit<TextareaProps, 'value' | 'onChange' | 'onSubmit' | 'onKeyDown' | 'ref'> {
  value: string;
  onChange: (value: string) => void;
  mentions: Mention[];
  onMentionsChange: (mentions: Mention[]) => void;
  /** Ctrl+Enter or Cmd+Enter. */
  onSubmit?: () => void;
  textareaRef?: Ref<HTMLTextAreaElement>;
}

type Query = { start: number; caret: number; query: string };

const CARET_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'Home', 'End']);

/**
 * People for a query: the workspace's people loaded at start-up when that list is complete, else the server's search
 * (a big workspace loads only its first page at start-up).
 */
export function usePeopleSearch(query: string): PersonOption[] | null {
  const { people, peopleComplete, workspace } = useWall();
  const [debounced] = useDebouncedValue(query, 200);
  const remote = !peopleComplete && debounced.trim().length >= MENTION_SEARCH_MIN;
  const found = useQuery({ ...wallQueries.mentionSearch(workspace, debounced.trim()), enabled: remote });
  return useMemo(() => {
    if (query.trim().length < MENTION_SEARCH_MIN) return null;
    if (peopleComplete) return matchPeople(people, query);
    return found.data ? matchPeople(found.data, query) : null;
  }, [people, peopleComplete, query, found.data]);
}

/**
 * A text field with @mentions: after `@` and 2 characters it suggests people (arrows and Enter pick, Escape closes);
 * the field shows `@Name`, the chosen people go to `mentions`.
 */
export function MentionTextarea({
  value,
  onChange,
  mentions,
  onMentionsChange,
  onSubmit,
  textareaRef,
  autosize,
  minRows = 2,
  maxRows = 14,
  ...rest
}: MentionTextareaProps) {
  const { t } = useWallTexts();
  const combobox = useCombobox();
  // The store is a new object on every render; effects reach it through a ref.
  const store = useRef(combobox);
  store.current = combobox;
  const inner = useRef<HTMLTextAreaElement | null>(null);
  const [query, setQuery] = useState<Query | null>(null);
  const results = usePeopleSearch(query?.query ?? '');
  // The suggestions close a moment after the blur; a field gone by then (the post sent, the page left) is left alone.
  const blurTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(blurTimer.current), []);
  const opened = !!query && results !== null;

  useEffect(() => {
    if (!opened || !results) {
      store.current.closeDropdown();
      return;
    }
    store.current.openDropdown();
    // The first person is picked by Enter without moving the arrows.
    const frame = requestAnimationFrame(() => store.current.selectFirstOption());
    return () => cancelAnimationFrame(frame);
  }, [opened, results]);

  const track = (element: HTMLTextAreaElement) => {
    const caret = element.selectionStart ?? element.value.length;
    const found = element.selectionEnd === caret ? mentionQueryAt(element.value, caret) : null;
    setQuery(found ? { ...found, caret } : null);
  };

  // The caret goes after the chosen name as soon as the new text is on screen, before any later keystroke (a frame
  // later, typing that came first would be split by the caret jumping back).
  const caretAfter = useRef<number | null>(null);
  useLayoutEffect(() => {
    const at = caretAfter.current;
    if (at === null || value.length < at) return;
    caretAfter.current = null;
    inner.current?.focus();
    inner.current?.setSelectionRange(at, at);
  }, [value]);

  const choose = (id: string) => {
    const person = results?.find((candidate) => candidate._id === id);
    if (!person || !query) return;
    const next = insertMention(value, query.start, query.caret, person.name);
    onChange(next.text);
    if (!mentions.some((m) => m.id === person._id))
      onMentionsChange([...mentions, { id: person._id, name: person.name }]);
    setQuery(null);
    caretAfter.current = next.caret;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      setQuery(null);
      onSubmit?.();
      return;
    }
    if (event.key === 'Escape' && opened) {
      event.stopPropagation();
      setQuery(null);
    }
  };

  const setRefs = (element: HTMLTextAreaElement | null) => {
    inner.current = element;
    if (typeof textareaRef === 'function') textareaRef(element);
    else if (textareaRef) textareaRef.current = element;
  };

  return (
    <Combobox store={combobox} onOptionSubmit={choose} position="bottom-start" withinPortal width={320} shadow="md">
      <Combobox.Target withKeyboardNavigation={opened}>
        <Textarea
          {...rest}
          // The field grows with its text by CSS (wall.css .hw-autogrow), not by Mantine's autosize, which measures a
          // hidden copy of every field on each render and costs the wall ~300 ms of layout at start.
          rows={minRows}
          classNames={autosize ? { input: 'hw-autogrow' } : undefined}
          style={[rest.style, { '--hw-min-rows': String(minRows), '--hw-max-rows': String(maxRows) }]}
          ref={setRefs}
          value={value}
          onChange={(event) => {
            onChange(event.currentTarget.value);
            track(event.currentTarget);
          }}
          onClick={(event) => {
            rest.onClick?.(event);
            track(event.currentTarget);
          }}
          onKeyUp={(event) => {
            rest.onKeyUp?.(event);
            // The caret moved without a change of text: the suggestions follow it.
            if (CARET_KEYS.has(event.key)) track(event.currentTarget);
          }}
          onKeyDown={onKeyDown}
          onBlur={(event) => {
            rest.onBlur?.(event);
            // A click on a suggestion lands before the blur is acted on.
            clearTimeout(blurTimer.current);
            blurTimer.current = setTimeout(() => setQuery(null), 150);
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown aria-label={t('mentions.list')}>
        <Combobox.Options>
          {results?.length ? (
            results.map((person) => (
              <Combobox.Option value={person._id} key={person._id} aria-label={person.name}>
                <Group gap="sm" wrap="nowrap">
                  <Avatar person={person} size={28} link={false} decorative />
                  <div style={{ minWidth: 0 }}>
                    <Text size="sm" fw={500} truncate="end">
                      {person.name}
                    </Text>
                    {person.position && (
                      <Text size="xs" truncate="end" className="hw-mention-position">
                        {person.position}
                      </Text>
                    )}
                  </div>
                </Group>
              </Combobox.Option>
            ))
          ) : (
            <Combobox.Empty>{t('mentions.none')}</Combobox.Empty>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
