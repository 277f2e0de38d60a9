import RichTextEditorField from '../../ui/rich-text/rich-text-editor-field';

export type RichTextFieldProps = {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string | null;
  description?: string;
};

/**
 * A legal setting's rich-text value: headings 1 to 3 and a toolbar that stays in view. Loaded on
 * demand: it is the heaviest part of the settings screens and nothing else there needs it.
 */
export default function RichTextField(props: RichTextFieldProps) {
  return <RichTextEditorField {...props} headings={[1, 2, 3]} stickyToolbar testId="rich-text-editor" />;
}
