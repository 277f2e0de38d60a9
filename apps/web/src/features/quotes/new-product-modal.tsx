import { Button, Group, Modal, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { CATALOGUE_LIMITS, CATALOGUE_TEXT, QUOTE_TEXT, WorkItemInput, type WorkItemView } from '@siteflow/core';
import { ApiError } from '../../api/client';
import { FormAlert, useContractForm } from '../../ui/contract-form';
import { useCreateWorkItem } from './api';

type Values = { name: string; item_code: string; supplier_name: string; unit_sell_price: string; unit_cost: string };
const EMPTY: Values = { name: '', item_code: '', supplier_name: '', unit_sell_price: '', unit_cost: '' };

/**
 * 'Add New Product' (spec 3 section 4): a works-and-materials item created through the catalogue
 * (POST /api/catalogue), handed back to be linked to the line item.
 */
export function NewProductModal({
  onCreated,
  onCancel,
}: {
  onCreated: (work: WorkItemView) => void;
  onCancel: () => void;
}) {
  const create = useCreateWorkItem();
  const { form, alert, setAlert, submit, showServerErrors } = useContractForm(WorkItemInput, {
    initial: EMPTY,
    toPayload: (v) => v,
  });
  const onSubmit = submit((payload) =>
    create.mutate(payload, {
      onSuccess: (data) => onCreated(data.work),
      onError: (error) => {
        showServerErrors(error);
        if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500)
          setAlert(CATALOGUE_TEXT.saveFailed);
      },
    }),
  );
  return (
    <Modal
      opened
      onClose={onCancel}
      title={QUOTE_TEXT.addNewProduct}
      size="lg"
      zIndex={400}
      closeOnClickOutside={false}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormAlert title="The product was not created" message={alert} />
          <TextInput label="Name" required maxLength={CATALOGUE_LIMITS.name} {...form.getInputProps('name')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Item Code" maxLength={CATALOGUE_LIMITS.itemCode} {...form.getInputProps('item_code')} />
            <TextInput
              label="Supplier"
              maxLength={CATALOGUE_LIMITS.supplierName}
              {...form.getInputProps('supplier_name')}
            />
            <TextInput label="Unit Price" required inputMode="decimal" {...form.getInputProps('unit_sell_price')} />
            <TextInput label="Unit Cost" required inputMode="decimal" {...form.getInputProps('unit_cost')} />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create Product
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
