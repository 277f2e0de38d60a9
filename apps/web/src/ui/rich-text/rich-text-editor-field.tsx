import '@mantine/tiptap/styles.css';
import { useEffect, useId, type CSSProperties } from 'react';
import { Input } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { EDITOR_MAX_HEIGHT, EDITOR_MIN_HEIGHT } from '@siteflow/core';
import classes from './rich-text-editor-field.module.css';

export type RichTextEditorFieldProps = {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string | null;
  description?: string;
  required?: boolean;
  /** The heading buttons of the toolbar (the editor keeps levels 1 to 3 either way). */
  headings: (1 | 2 | 3)[];
  /** The toolbar stays in view under the app's header while the page scrolls. */
  stickyToolbar?: boolean;
  /** The editor once it exists (e.g. to insert at its cursor). */
  onEditor?: (editor: Editor | null) => void;
  onFocus?: () => void;
  testId: string;
};

const HEADING = { 1: RichTextEditor.H1, 2: RichTextEditor.H2, 3: RichTextEditor.H3 } as const;

/**
 * A labelled rich-text field (tiptap, through @mantine/tiptap): headings, bold, italic, link,
 * bulleted and numbered lists, block quote, undo, redo. Heavy: import it lazily.
 */
export default function RichTextEditorField({
  label,
  value,
  onChange,
  error,
  description,
  required,
  headings,
  stickyToolbar,
  onEditor,
  onFocus,
  testId,
}: RichTextEditorFieldProps) {
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
        'data-testid': testId,
      },
    },
  });
  useEffect(() => {
    if (!onEditor) return;
    onEditor(editor);
    return () => onEditor(null);
  }, [editor, onEditor]);

  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      labelProps={{ id: labelId, onClick: () => editor?.commands.focus() }}
      description={description}
      error={error}
      errorProps={{ id: errorId }}
      required={required}
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
        <RichTextEditor.Toolbar {...(stickyToolbar ? { sticky: true, stickyOffset: 64 } : {})}>
          <RichTextEditor.ControlsGroup>
            {headings.map((level) => {
              const Heading = HEADING[level];
              return <Heading key={level} />;
            })}
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
