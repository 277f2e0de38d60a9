import { useState, type ReactNode } from 'react';
import { Grid, TextInput } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import { AddressFields, type AddressFieldsProps } from './address/address-fields';
import { FormSection } from './form-section';

/** A text field of a `TextFieldGrid`: the form value it edits and how the input looks. */
export type TextFieldSpec = {
  name: string;
  label: string;
  type?: 'email' | 'tel';
  required?: boolean;
  autoComplete: string;
  maxLength?: number;
  /** The whole row (otherwise half of it from medium screens up). */
  wide?: boolean;
};

/** Text fields two to a row (`wide` ones alone); `children` follow in the same grid. */
export function TextFieldGrid({
  fields,
  inputProps,
  readOnly = false,
  children,
}: {
  fields: TextFieldSpec[];
  /** The form's props of one value (`(name) => form.getInputProps(name)`). */
  inputProps: (name: string) => object;
  readOnly?: boolean;
  children?: ReactNode;
}) {
  return (
    <Grid gap="md">
      {fields.map(({ name, wide, required, ...field }) => (
        <Grid.Col key={name} span={wide ? 12 : { base: 12, md: 6 }}>
          <TextInput {...field} required={required && !readOnly} readOnly={readOnly} {...inputProps(name)} />
        </Grid.Col>
      ))}
      {children}
    </Grid>
  );
}

/**
 * A person's name, email and phone, all required; `autofill` lets the browser fill them in (a
 * new company's administrator), otherwise it does not (staff, who are not the person typing).
 */
export function personFields(autofill: boolean): TextFieldSpec[] {
  const auto = (token: string) => (autofill ? token : 'off');
  return [
    { name: 'first_name', label: 'First Name', required: true, autoComplete: auto('given-name') },
    { name: 'last_name', label: 'Last Name', required: true, autoComplete: auto('family-name') },
    { name: 'email', label: 'Email', type: 'email', required: true, autoComplete: auto('email') },
    { name: 'phone', label: 'Phone', type: 'tel', required: true, autoComplete: auto('tel') },
  ];
}

/**
 * The image a multipart form sends as `file` (a logo, a picture): the chosen file, and the
 * `ImageUpload` props that show the server's message about it and clear it on a new choice.
 */
export function useFormImage(form: { errors: FormErrors; clearFieldError: (path: string) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const onChange = (next: File | null) => {
    setFile(next);
    form.clearFieldError('file');
  };
  return { file, uploadProps: { value: file, onChange, error: (form.errors.file as string | undefined) ?? null } };
}

/** The Address panel of a person or company: every line required, the street line in the form's `address`. */
export function StreetAddressSection({
  values,
  getInputProps,
  autofill,
}: Pick<AddressFieldsProps, 'values' | 'getInputProps' | 'autofill'>) {
  return (
    <FormSection title="Address">
      <AddressFields
        values={values}
        getInputProps={getInputProps}
        streetField="address"
        labels={{ street: 'Street Address' }}
        required
        autofill={autofill}
      />
    </FormSection>
  );
}
