import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { fromEditorHtml, toEditorHtml } from '../utils/rich-text-values';
import type { RichTextProps } from './rich-text-field';
import { HEADING_LEVEL, RichTextToolbar } from './rich-text-toolbar';
import ui from '../../../components/admin-ui.module.css';
import styles from './rich-text.module.css';

const EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [2, HEADING_LEVEL, 4] },
    // An admin clicking a link in the editor means to edit it, not to leave the form.
    link: { openOnClick: false, autolink: true, defaultProtocol: 'https' },
  }),
];

/** The tiptap editor; its own chunk (loaded by RichTextField), since it is most of this module's bytes. */
export default function RichTextEditor({ id, label, value, onChange }: RichTextProps) {
  const labelId = `${id}-label`;
  // The editor keeps the handlers it was created with; a ref lets it always call the latest onChange.
  const onChangeRef = useRef(onChange);
  useLayoutEffect(() => {
    onChangeRef.current = onChange;
  });
  // What the editor last reported, so a value coming back from the form is not written into it again.
  const emitted = useRef(value);

  // Rendered while the stand-in textarea (same id) is still on screen: someone typing there keeps the keyboard.
  const [typingInStandIn] = useState(() => document.activeElement?.id === id);

  const editor = useEditor({
    extensions: EXTENSIONS,
    autofocus: typingInStandIn ? 'end' : false,
    content: toEditorHtml(value),
    shouldRerenderOnTransaction: false,
    // Its base styles are in rich-text.module.css: an injected <style> is inline CSS, which the site's CSP blocks.
    injectCSS: false,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        class: styles.content ?? '',
      },
    },
    onUpdate: ({ editor: e }) => {
      const html = fromEditorHtml(e.getHTML(), e.isEmpty);
      emitted.current = html;
      onChangeRef.current(html);
    },
  });

  // A value set from outside (e.g. the form being reset) replaces the content, without echoing back.
  useEffect(() => {
    if (!editor || value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(toEditorHtml(value), { emitUpdate: false });
  }, [editor, value]);

  return (
    <div className={`${ui.field} ${ui.wide}`}>
      {/* A label's `for` cannot point at an editable div; the area names itself with aria-labelledby. */}
      <span id={labelId} className={styles.label} onClick={() => editor?.commands.focus()}>
        {label}
      </span>
      <div className={styles.frame}>
        {editor ? <RichTextToolbar editor={editor} label={label} controls={id} /> : null}
        <EditorContent editor={editor} />
      </div>
    </div>
  );
}
