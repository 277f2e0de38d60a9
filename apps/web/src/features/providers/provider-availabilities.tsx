import { ActionIcon, Button, Grid, Group, Paper, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { DayPickerInput } from '../../ui/day-picker-input';
import { rowKey, type AvailabilityValues, type ProviderFormValues } from './provider-form-values';

const PERIOD_ENDS = [
  { field: 'start_date', label: 'Unavailable from', clear: 'start' },
  { field: 'end_date', label: 'Unavailable to', clear: 'end' },
] as const;

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
              {PERIOD_ENDS.map((end) => (
                <Grid.Col key={end.field} span={{ base: 6, md: 3 }}>
                  <DayPickerInput
                    label={`${end.label} (period ${i + 1})`}
                    required
                    clearable
                    clearButtonProps={{ 'aria-label': `Clear ${end.clear} of period ${i + 1}` }}
                    // A period cannot end before it starts.
                    minDate={end.field === 'end_date' ? (row.start_date ?? undefined) : undefined}
                    popoverProps={{ withinPortal: true }}
                    {...form.getInputProps(`availabilities.${i}.${end.field}`)}
                  />
                </Grid.Col>
              ))}
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
