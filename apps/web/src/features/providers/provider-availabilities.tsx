import { ActionIcon, Button, Grid, Group, Paper, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { rowKey, type AvailabilityValues, type ProviderFormValues } from './provider-form-values';

/** The picker's placeholder is text on the page: dimmed (4.5:1), not the fainter placeholder grey. */
const DATE_STYLES = { placeholder: { color: 'var(--mantine-color-dimmed)' } };

/** The provider's unavailable periods: a row per period, added and removed in place. */
export function AvailabilitiesSection({ form }: { form: UseFormReturnType<ProviderFormValues> }) {
  const values = form.getValues();
  const addPeriod = () =>
    form.insertListItem('availabilities', {
      key: rowKey(),
      start_date: null,
      end_date: null,
      note: '',
    } satisfies AvailabilityValues);

  return (
    <Paper withBorder radius="lg" p="lg">
      <Group justify="space-between" mb="md">
        <Stack gap={2}>
          <Title order={2} size="h4">
            Availabilities
          </Title>
          <Text size="sm" c="dimmed">
            Periods in which the provider is unavailable. Searches mark it ‘Unavailable’ when one covers the project’s
            dates.
          </Text>
        </Stack>
        <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={addPeriod}>
          Add period
        </Button>
      </Group>
      {values.availabilities.length === 0 ? (
        <Text size="sm">No unavailable periods.</Text>
      ) : (
        <Stack gap="sm">
          {values.availabilities.map((row, i) => (
            <Grid key={row.key} gap="sm" align="flex-start">
              <Grid.Col span={{ base: 6, md: 3 }}>
                <DatePickerInput
                  label={`Unavailable from (period ${i + 1})`}
                  valueFormat="YYYY-MM-DD"
                  placeholder="YYYY-MM-DD"
                  styles={DATE_STYLES}
                  required
                  clearable
                  clearButtonProps={{ 'aria-label': `Clear start of period ${i + 1}` }}
                  popoverProps={{ withinPortal: true }}
                  {...form.getInputProps(`availabilities.${i}.start_date`)}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 6, md: 3 }}>
                <DatePickerInput
                  label={`Unavailable to (period ${i + 1})`}
                  valueFormat="YYYY-MM-DD"
                  placeholder="YYYY-MM-DD"
                  styles={DATE_STYLES}
                  required
                  clearable
                  clearButtonProps={{ 'aria-label': `Clear end of period ${i + 1}` }}
                  minDate={row.start_date ?? undefined}
                  popoverProps={{ withinPortal: true }}
                  {...form.getInputProps(`availabilities.${i}.end_date`)}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 10, md: 5 }}>
                <TextInput
                  label={`Note (period ${i + 1})`}
                  autoComplete="off"
                  maxLength={200}
                  {...form.getInputProps(`availabilities.${i}.note`)}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 2, md: 1 }}>
                <Tooltip label="Remove period" withArrow>
                  <ActionIcon
                    variant="light"
                    color="red"
                    size="lg"
                    mt={26}
                    aria-label={`Remove period ${i + 1}`}
                    onClick={() => form.removeListItem('availabilities', i)}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              </Grid.Col>
            </Grid>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
