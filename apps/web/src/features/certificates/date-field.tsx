import { DatePickerInput, type DatePickerInputProps } from '@mantine/dates';
import { CERTIFICATE_INPUT_FORMAT } from '@siteflow/core';
import { CALENDAR_LABELS } from '../../ui/calendar-labels';

type Props = Omit<DatePickerInputProps, 'value' | 'onChange' | 'type'> & {
  label: string;
  value?: string | null;
  onChange: (value: string | null) => void;
};

/** A date picked from a calendar, shown and sent as YYYY-MM-DD; clearable by a labelled button. */
export function DateField({ label, value, onChange, ...rest }: Props) {
  return (
    <DatePickerInput
      label={label}
      valueFormat={CERTIFICATE_INPUT_FORMAT}
      placeholder={CERTIFICATE_INPUT_FORMAT}
      clearable
      clearButtonProps={{ 'aria-label': `Clear ${label}` }}
      ariaLabels={CALENDAR_LABELS}
      popoverProps={{ withinPortal: true }}
      value={value || null}
      onChange={(next) => onChange(next ? String(next).slice(0, 10) : null)}
      {...rest}
    />
  );
}
