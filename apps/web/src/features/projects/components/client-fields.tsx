import type { ReactNode } from 'react';
import { Grid, Select, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { Option } from '../options';

/** Trading Name and Order Reference of the project forms; the client cannot be cleared. */
export function ClientFields({
  clients,
  clientProps,
  orderReferenceProps,
  placeholder,
  children,
}: {
  clients: Option[];
  clientProps: GetInputPropsReturnType;
  orderReferenceProps: GetInputPropsReturnType;
  /** The creation form asks to choose the client. */
  placeholder?: string;
  /** More fields after them, in the same grid. */
  children?: ReactNode;
}) {
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Select
          label="Trading Name"
          required
          searchable
          allowDeselect={false}
          data={clients}
          placeholder={placeholder}
          nothingFoundMessage="No client matches"
          {...clientProps}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <TextInput label="Order Reference" required autoComplete="off" {...orderReferenceProps} />
      </Grid.Col>
      {children}
    </Grid>
  );
}
