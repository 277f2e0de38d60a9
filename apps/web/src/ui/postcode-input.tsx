import type { ChangeEvent } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';

/** Keep only digits, at most four (postcodes 0 to 9999, leading zeros kept). */
export function toPostcode(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, 4);
}

type PostcodeInputProps = Omit<TextInputProps, 'onChange' | 'value'> & {
  value?: string;
  onChange: (value: string) => void;
};

/** Digits only: letters and symbols never reach the value, typed or pasted. */
export function PostcodeInput({ value, onChange, ...props }: PostcodeInputProps) {
  return (
    <TextInput
      inputMode="numeric"
      autoComplete="postal-code"
      maxLength={4}
      {...props}
      value={value ?? ''}
      onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(toPostcode(event.currentTarget.value))}
    />
  );
}
