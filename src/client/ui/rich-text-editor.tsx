// A small rich-text editor: a toolbar over a contenteditable area, for notices and expert
// articles. It offers only what the server's allow-list keeps (src/server/http/rich-text.ts):
// bold, italic, underline, a heading, bulleted and numbered lists, quotes and links; the
// server cleans whatever arrives (a paste included). The value is HTML; the area is
// uncontrolled after its first render, so key the editor by the record it edits.
import '@mantine/core/styles/Tooltip.css';
import '@mantine/core/styles/Popover.css';
import './rich-text.css';
import { ActionIcon, Group, Input, Paper, Tooltip } from '@mantine/core';
import {
  IconBlockquote,
  IconBold,
  IconClearFormatting,
  IconH3,
  IconItalic,
  IconLink,
  IconList,
  IconListNumbers,
  IconUnderline,
  type Icon,
} from '@tabler/icons-react';
import { useEffect, useId, useRef } from 'react';

type Props = {
  label: string;
  value: string;
  onChange: (html: string) => void;
  required?: boolean;
  error?: string | undefined;
  description?: string;
  minHeight?: number;
};

type Tool = { label: string; icon: Icon; action: () => void };

const exec = (command: string, value?: string) => document.execCommand(command, false, value);

const TOOLS: Tool[] = [
  { label: 'Bold', icon: IconBold, action: () => exec('bold') },
  { label: 'Italic', icon: IconItalic, action: () => exec('italic') },
  { label: 'Underline', icon: IconUnderline, action: () => exec('underline') },
  { label: 'Heading', icon: IconH3, action: () => exec('formatBlock', 'h3') },
  { label: 'Bulleted list', icon: IconList, action: () => exec('insertUnorderedList') },
  { label: 'Numbered list', icon: IconListNumbers, action: () => exec('insertOrderedList') },
  { label: 'Quote', icon: IconBlockquote, action: () => exec('formatBlock', 'blockquote') },
  {
    label: 'Link',
    icon: IconLink,
    action: () => {
      const href = window.prompt('Link address (https://…)');
      if (href && /^(https?:|mailto:|tel:)/i.test(href.trim())) exec('createLink', href.trim());
    },
  },
  { label: 'Clear formatting', icon: IconClearFormatting, action: () => exec('removeFormat') },
];

export function RichTextEditor({ label, value, onChange, required = false, error, description, minHeight = 180 }: Props) {
  const area = useRef<HTMLDivElement>(null);
  const id = useId();
  useEffect(() => {
    // Only the first value is written in: after that the area is the truth.
    if (area.current && area.current.innerHTML === '') area.current.innerHTML = value;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const changed = () => onChange(area.current?.innerHTML ?? '');
  const apply = (action: () => void) => {
    area.current?.focus();
    action();
    changed();
  };

  return (
    <Input.Wrapper
      label={label}
      required={required}
      error={error}
      description={description}
      id={`${id}-wrapper`}
      labelProps={{ id: `${id}-label` }}
    >
      <Paper withBorder radius="sm" mt={4} style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}>
        <Group
          gap={2}
          p={4}
          role="toolbar"
          aria-label={`${label} formatting`}
          style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
        >
          {TOOLS.map((item) => (
            <Tooltip key={item.label} label={item.label} withArrow>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={item.label}
                // Keep the selection in the area while the button is pressed.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => apply(item.action)}
              >
                <item.icon size={18} aria-hidden="true" />
              </ActionIcon>
            </Tooltip>
          ))}
        </Group>
        <div
          ref={area}
          className="rich-text"
          contentEditable
          role="textbox"
          aria-multiline="true"
          aria-labelledby={`${id}-label`}
          aria-required={required}
          aria-invalid={Boolean(error)}
          tabIndex={0}
          onInput={changed}
          onBlur={changed}
          style={{ minHeight, padding: '0.5rem 0.75rem', outline: 'none', overflowWrap: 'anywhere' }}
        />
      </Paper>
    </Input.Wrapper>
  );
}

/** Shows HTML the server has already cleaned to its allow-list. */
export function RichTextView({ html }: { html: string }) {
  // Cleaned to the allow-list by the server on every write.
  return <div className="rich-text" style={{ overflowWrap: 'anywhere' }} dangerouslySetInnerHTML={{ __html: html }} />;
}
