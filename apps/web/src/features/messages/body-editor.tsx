import '@mantine/tiptap/styles.css';
import { useEffect, useId, type CSSProperties } from 'react';
import { Input } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { EDITOR_MAX_HEIGHT, EDITOR_MIN_HEIGHT } from '@siteflow/core';
import classes from './body-editor.module.css';

export type BodyEditorProps = {
  label: string;
  value: string;
  onChange: (html: string) => void;
  /** The editor once it exists (the variable list inserts at its cursor). */
  onEditor: (editor: Editor | null) => void;
  onFocus?: () => void;
  error?: string | null;
};

/**
 * The e-mail body's rich-text editor with the toolbar of spec 2 section 9: heading, bold, italic,
 * link, bulleted list, numbered list, block quote, undo, redo. Loaded on demand (tiptap).
 */
export default function BodyEditor({ label, value, onChange, onEditor, onFocus, error }: BodyEditorProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: false, heading: { levels: [1, 2, 3] } }),
      Link.configure({ openOnClick: false }),
    ],
    content: value,
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
    onFocus: () => onFocus?.(),
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(error ? { 'aria-invalid': 'true', 'aria-describedby': errorId } : {}),
        'data-testid': 'body-editor',
      },
    },
  });
  useEffect(() => {
    onEditor(editor);
    return () => onEditor(null);
  }, [editor, onEditor]);

  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      labelProps={{ id: labelId, onClick: () => editor?.commands.focus() }}
      error={error}
      errorProps={{ id: errorId }}
      required
    >
      <RichTextEditor
        editor={editor}
        mt={6}
        className={classes.editor}
        data-invalid={error ? true : undefined}
        style={
          {
            '--editor-min-height': `${EDITOR_MIN_HEIGHT}px`,
            '--editor-max-height': `${EDITOR_MAX_HEIGHT}px`,
          } as CSSProperties
        }
      >
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content className={classes.content} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
