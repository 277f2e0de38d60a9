import { DatePickerInput, type DatePickerInputProps } from '@mantine/dates';

/** The picker's placeholder is text on the page: dimmed (4.5:1), not the fainter placeholder grey. */
const DAY_STYLES = { placeholder: { color: 'var(--mantine-color-dimmed)' } };

/** A day picked from a calendar, shown as YYYY-MM-DD (the placeholder too). */
export function DayPickerInput(props: DatePickerInputProps) {
  return <DatePickerInput valueFormat="YYYY-MM-DD" placeholder="YYYY-MM-DD" styles={DAY_STYLES} {...props} />;
}
