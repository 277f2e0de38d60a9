import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Grid, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import {
  CATALOGUE_LIMITS,
  CATALOGUE_MESSAGE_MS,
  CATALOGUE_TEXT,
  formatMoney,
  itemMargin,
  itemProfit,
  WorkItemInput,
  type WorkItemView,
} from '@siteflow/core';
import { ApiError } from '../../api/client';
import { useContractForm } from '../../ui/contract-form';
import { FormFrame } from '../../ui/form-frame';
import { useSaveWorkItem } from './api';

type Values = { name: string; item_code: string; supplier_name: string; unit_sell_price: string; unit_cost: string };

const EMPTY: Values = { name: '', item_code: '', supplier_name: '', unit_sell_price: '', unit_cost: '' };

const valuesOf = (item?: WorkItemView): Values =>
  item
    ? {
        name: item.name,
        item_code: item.item_code ?? '',
        supplier_name: item.supplier_name ?? '',
        unit_sell_price: item.unit_sell_price,
        unit_cost: item.unit_cost,
      }
    : EMPTY;

/** The server's message, or the spec's own when there is none (no answer, or a server fault). */
const saveFailure = (error: unknown) =>
  error instanceof ApiError && error.status > 0 && error.status !== 500 ? error.message : CATALOGUE_TEXT.saveFailed;

/** A success message that goes after 4 seconds (spec 3 section 9). */
function useFleetingMessage() {
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    if (!message) return undefined;
    const timer = setTimeout(() => setMessage(null), CATALOGUE_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [message]);
  return [message, setMessage] as const;
}

/** Profit and margin of the prices typed so far ('-' while they are not numbers, margin '-' at a zero price). */
export function ProfitAndMargin({ sell, cost }: { sell: string; cost: string }) {
  const profit = itemProfit(sell, cost);
  const margin = itemMargin(sell, cost);
  return (
    <SimpleGrid cols={2} component="dl" m={0}>
      <div>
        <Text component="dt" size="sm" c="dimmed">
          Profit
        </Text>
        <Text component="dd" m={0} fw={600} data-testid="item-profit">
          {profit === '-' ? '-' : formatMoney(profit)}
        </Text>
      </div>
      <div>
        <Text component="dt" size="sm" c="dimmed">
          Margin
        </Text>
        <Text component="dd" m={0} fw={600} data-testid="item-margin">
          {margin === '-' ? '-' : `${margin}%`}
        </Text>
      </div>
    </SimpleGrid>
  );
}

type Props = {
  /** The item being edited; none in create mode. */
  item?: WorkItemView;
  canManage: boolean;
  /** Back to create mode ('New Item'). */
  onNew: () => void;
  /** Put the keyboard in the name field when the form opens (the user asked for it: Edit, New Item). */
  focusOnOpen?: boolean;
};

/**
 * The side form (spec 3 sections 2.3 and 4): 'Create New Item' resets after a save and stays
 * editable; 'Edit Item' is disabled after a save until Edit is pressed.
 */
export function WorkItemForm({ item, canManage, onNew, focusOnOpen = false }: Props) {
  const save = useSaveWorkItem(item?.id ?? null);
  const [locked, setLocked] = useState(!canManage);
  const [success, setSuccess] = useFleetingMessage();
  const { form, alert, setAlert, submit, showServerErrors } = useContractForm(WorkItemInput, {
    initial: valuesOf(item),
    toPayload: (v) => v,
  });

  const onSubmit = submit((payload) => {
    setSuccess(null);
    save.mutate(payload, {
      onSuccess: (data) => {
        if (item) {
          form.setValues(valuesOf(data.work));
          form.resetDirty(valuesOf(data.work));
          setLocked(true);
          setSuccess(data.message || CATALOGUE_TEXT.saved);
        } else {
          form.setValues(EMPTY);
          form.resetDirty(EMPTY);
          form.clearErrors();
          setSuccess(data.message || CATALOGUE_TEXT.created);
        }
      },
      onError: (error) => {
        showServerErrors(error);
        setAlert(saveFailure(error));
      },
    });
  });

  const nameRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusOnOpen) nameRef.current?.focus();
  }, [focusOnOpen]);

  const title = item ? CATALOGUE_TEXT.editTitle : CATALOGUE_TEXT.createTitle;
  const input = (name: keyof Values) => form.getInputProps(name);

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="work-item-form-title">
      <Group justify="space-between" mb="md">
        <Title order={2} size="h4" id="work-item-form-title">
          {title}
        </Title>
        {item && canManage ? (
          <Button variant="subtle" size="xs" onClick={onNew}>
            New Item
          </Button>
        ) : null}
      </Group>
      <FormFrame onSubmit={onSubmit} label={title} alertTitle="The item was not saved" alert={alert} gap="md">
        <fieldset disabled={locked} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="sm">
            <TextInput
              ref={nameRef}
              label="Name"
              required
              autoComplete="off"
              maxLength={CATALOGUE_LIMITS.name}
              {...input('name')}
            />
            <Grid gap="sm">
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput
                  label="Item Code"
                  autoComplete="off"
                  maxLength={CATALOGUE_LIMITS.itemCode}
                  {...input('item_code')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput
                  label="Supplier"
                  autoComplete="off"
                  maxLength={CATALOGUE_LIMITS.supplierName}
                  {...input('supplier_name')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput
                  label="Unit Price"
                  required
                  inputMode="decimal"
                  autoComplete="off"
                  leftSection="$"
                  {...input('unit_sell_price')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 6 }}>
                <TextInput
                  label="Unit Cost"
                  required
                  inputMode="decimal"
                  autoComplete="off"
                  leftSection="$"
                  {...input('unit_cost')}
                />
              </Grid.Col>
            </Grid>
            <ProfitAndMargin sell={form.values.unit_sell_price} cost={form.values.unit_cost} />
          </Stack>
        </fieldset>
        {/* The message sits beside the button, so the button does not move under the pointer when it goes. */}
        <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
          <div role="status" aria-live="polite" style={{ flex: 1, minWidth: 0 }}>
            {success ? (
              <Alert color="green" variant="light" icon={<IconCheck aria-hidden />} p="xs">
                {success}
              </Alert>
            ) : null}
          </div>
          {canManage ? (
            // Keys: a new element each way. Reusing the DOM button would turn the clicked Edit into a
            // submit button before the click's default action, and the browser would submit the form.
            locked ? (
              <Button
                key="edit"
                onClick={() => {
                  setSuccess(null);
                  setLocked(false);
                }}
              >
                Edit
              </Button>
            ) : (
              <Button key="save" type="submit" loading={save.isPending}>
                {item ? 'Save Item' : 'Create Item'}
              </Button>
            )
          ) : null}
        </Group>
      </FormFrame>
    </Paper>
  );
}
