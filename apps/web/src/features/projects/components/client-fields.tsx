import type { ReactNode } from 'react';
import { Grid, Select, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { Option } from '../options';
import { SetUpFirst } from './set-up-first';

const NO_CLIENTS = 'There are no clients yet.';

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
          nothingFoundMessage={clients.length ? 'No client matches' : NO_CLIENTS}
          description={
            clients.length ? undefined : (
              <SetUpFirst text={NO_CLIENTS} to="/clients/new" ability="clients.manage">
                Create a client
              </SetUpFirst>
            )
          }
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
