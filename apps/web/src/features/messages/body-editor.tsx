import type { Editor } from '@tiptap/react';
import RichTextEditorField from '../../ui/rich-text/rich-text-editor-field';

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
export default function BodyEditor(props: BodyEditorProps) {
  return <RichTextEditorField {...props} headings={[2]} required testId="body-editor" />;
}
