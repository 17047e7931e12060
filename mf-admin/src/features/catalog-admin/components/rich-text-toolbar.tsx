import { Fragment, useRef, useState, type KeyboardEvent } from 'react';
import { useEditorState, type Editor } from '@tiptap/react';
import styles from './rich-text.module.css';

/** Headings inside a course's tab panel sit under the page's h1 and the panel, so they start at h3. */
export const HEADING_LEVEL = 3;

interface Tool {
  key: string;
  label: string;
  glyph: string;
  shortcut?: string;
  /** Toggles report their state (aria-pressed); undo/redo are actions and have none. */
  pressed?: boolean;
  disabled?: boolean;
  className?: string;
  run(): void;
  groupEnd?: boolean;
}

function promptLink(editor: Editor) {
  const href = window.prompt('Link address (https://...)')?.trim();
  if (!href) return;
  // The link extension refuses unsafe addresses (e.g. javascript:); say so rather than doing nothing.
  if (!editor.can().setLink({ href })) {
    window.alert('This link address is not allowed.');
    return;
  }
  // With nothing selected, the address itself becomes the linked text.
  if (editor.state.selection.empty) {
    editor.chain().focus().insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
  } else {
    editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
  }
}

export function RichTextToolbar({ editor, label, controls }: { editor: Editor; label: string; controls: string }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      heading: e.isActive('heading', { level: HEADING_LEVEL }),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const focus = () => editor.chain().focus();
  const tools: Tool[] = [
    { key: 'bold', label: 'Bold', glyph: 'B', shortcut: 'Ctrl+B', className: styles.bold, pressed: state.bold, run: () => focus().toggleBold().run() },
    { key: 'italic', label: 'Italic', glyph: 'I', shortcut: 'Ctrl+I', className: styles.italic, pressed: state.italic, run: () => focus().toggleItalic().run() },
    { key: 'heading', label: 'Heading', glyph: 'H', pressed: state.heading, groupEnd: true, run: () => focus().toggleHeading({ level: HEADING_LEVEL }).run() },
    { key: 'bullet', label: 'Bullet list', glyph: '• List', pressed: state.bulletList, run: () => focus().toggleBulletList().run() },
    { key: 'ordered', label: 'Numbered list', glyph: '1. List', pressed: state.orderedList, run: () => focus().toggleOrderedList().run() },
    {
      key: 'link', label: 'Link', glyph: 'Link', pressed: state.link, groupEnd: true,
      run: () => (state.link ? focus().extendMarkRange('link').unsetLink().run() : promptLink(editor)),
    },
    { key: 'undo', label: 'Undo', glyph: 'Undo', shortcut: 'Ctrl+Z', disabled: !state.canUndo, run: () => focus().undo().run() },
    { key: 'redo', label: 'Redo', glyph: 'Redo', shortcut: 'Ctrl+Shift+Z', disabled: !state.canRedo, run: () => focus().redo().run() },
  ];

  // One tab stop for the whole toolbar; arrow keys move between its buttons (WAI-ARIA toolbar pattern).
  const [current, setCurrent] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent) => {
    const last = tools.length - 1;
    const next =
      event.key === 'ArrowRight' ? (current === last ? 0 : current + 1)
        : event.key === 'ArrowLeft' ? (current === 0 ? last : current - 1)
          : event.key === 'Home' ? 0
            : event.key === 'End' ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    setCurrent(next);
    buttons.current[next]?.focus();
  };

  return (
    <div role="toolbar" aria-label={`${label} formatting`} aria-controls={controls} className={styles.toolbar} onKeyDown={onKeyDown}>
      {tools.map((tool, index) => (
        <Fragment key={tool.key}>
          <button
            ref={(el) => {
              buttons.current[index] = el;
            }}
            type="button"
            className={`${styles.tool} ${tool.className ?? ''}`}
            aria-label={tool.label}
            title={tool.shortcut ? `${tool.label} (${tool.shortcut})` : tool.label}
            aria-pressed={tool.pressed === undefined ? undefined : tool.pressed}
            // aria-disabled, not disabled: the button stays reachable with the arrow keys and is announced as unavailable.
            aria-disabled={tool.disabled || undefined}
            tabIndex={index === current ? 0 : -1}
            onFocus={() => setCurrent(index)}
            onClick={() => {
              if (!tool.disabled) tool.run();
            }}
          >
            <span aria-hidden="true">{tool.glyph}</span>
          </button>
          {tool.groupEnd ? <span className={styles.separator} aria-hidden="true" /> : null}
        </Fragment>
      ))}
    </div>
  );
}
