import { Checkbox, Group, NumberInput, Radio, Select, TextInput } from '@mantine/core';
import type { useForm } from '@mantine/form';
import type { CertificateFormValues, FieldDef } from './certificate-values';
import { DateField } from './date-field';

type InputProps = ReturnType<ReturnType<typeof useForm<CertificateFormValues>>['getInputProps']>;

/** One of the type's own fields, by its type; required ones are marked and checked. */
export function TypeField({ def, inputProps }: { def: FieldDef; inputProps: InputProps }) {
  const common = { label: def.label, required: def.required };
  switch (def.type) {
    case 'number':
      return <NumberInput {...common} {...inputProps} />;
    case 'date':
      return (
        <DateField
          {...common}
          value={(inputProps.value as string | null) ?? null}
          onChange={inputProps.onChange}
          error={inputProps.error}
        />
      );
    case 'checkbox':
      return <Checkbox {...common} {...inputProps} />;
    case 'radio':
      return (
        <Radio.Group {...common} {...inputProps} value={(inputProps.value as string | null) ?? ''}>
          <Group gap="md" mt={6}>
            {def.options.map((option) => (
              <Radio key={option} value={option} label={option} />
            ))}
          </Group>
        </Radio.Group>
      );
    case 'select':
      return (
        <Select
          {...common}
          data={def.options}
          clearable={!def.required}
          clearButtonProps={{ 'aria-label': `Clear ${def.label}` }}
          {...inputProps}
        />
      );
    default:
      return (
        <TextInput {...common} autoComplete="off" {...inputProps} value={(inputProps.value as string | null) ?? ''} />
      );
  }
}
