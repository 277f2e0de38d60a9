import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { Alert, Button, Group, Loader, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  BOM_TEXT,
  BomPatchInput,
  formatQuoteMoney,
  lineTotalProblems,
  ORDER_STATUSES,
  workItemLabel,
  type BomItemView,
  type OrderStatus,
} from '@siteflow/core';
import { ApiError } from '../../api/client';
import { notifyDialog } from '../../ui/notify';
import { closeAsking } from '../../ui/unsaved-changes';
import { usePatchBomItem, useBomItem } from './api';

type Form = {
  order_status: OrderStatus;
  eta: string;
  product_code: string;
  supplier_name: string;
  company_purchase_order_reference: string;
  consignment_tracking_link: string;
  unit_cost: string;
};

const formOf = (item: BomItemView): Form => ({
  order_status: item.status,
  eta: item.eta ?? '',
  product_code: item.product_code ?? '',
  supplier_name: item.supplier ?? '',
  company_purchase_order_reference: item.company_purchase_order_reference ?? '',
  consignment_tracking_link: item.consignment_tracking_link ?? '',
  unit_cost: item.unit_cost,
});

/**
 * 'Edit Product' (spec 3 sections 2.4 and 4): a loading modal while the product is fetched (a
 * closed modal's request is cancelled and ignored), 'Failed to get product, please try again
 * later' when that fails, then the product's order details. Once its quote is not a Draft only the
 * ETA and the order status are editable (the server enforces the same); the others stay readable as
 * read-only fields, not greyed out.
 */
export function BomProductModal({
  projectId,
  itemId,
  canManage,
  onClose,
}: {
  projectId: number;
  itemId: number | null;
  canManage: boolean;
  onClose: () => void;
}) {
  const item = useBomItem(projectId, itemId);
  // Escape (one meant for the ETA's calendar, say) or × ask first once the form is changed.
  const dirty = useRef(false);
  const close = () => {
    dirty.current = false;
    onClose();
  };
  return (
    <Modal
      opened={itemId !== null}
      onClose={closeAsking(() => dirty.current, close)}
      title={BOM_TEXT.editTitle}
      size="lg"
    >
      {item.isError ? (
        <Alert color="red" variant="light" role="alert">
          {BOM_TEXT.loadFailed}
        </Alert>
      ) : !item.data ? (
        <Group justify="center" py="xl" role="status" aria-live="polite">
          <Loader size="sm" />
          <Text c="dimmed">Loading product…</Text>
        </Group>
      ) : (
        <ProductForm
          key={item.data.id}
          projectId={projectId}
          item={item.data}
          canManage={canManage}
          onClose={close}
          dirty={dirty}
        />
      )}
    </Modal>
  );
}

function ProductForm({
  projectId,
  item,
  canManage,
  onClose,
  dirty: dirtyRef,
}: {
  projectId: number;
  item: BomItemView;
  canManage: boolean;
  onClose: () => void;
  /** Whether the form differs from the product, for the dialog's Escape and × (kept after each render). */
  dirty: RefObject<boolean>;
}) {
  const [form, setForm] = useState<Form>(() => formOf(item));
  const dirty = JSON.stringify(form) !== JSON.stringify(formOf(item));
  useLayoutEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty, dirtyRef]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const patch = usePatchBomItem(projectId, item.id);
  useEffect(() => setForm(formOf(item)), [item]);
  const locked = item.quote.locked;
  const editable = (field: keyof Form) => canManage && (!locked || field === 'eta' || field === 'order_status');
  const set = (field: keyof Form) => (value: string) => setForm((f) => ({ ...f, [field]: value }));

  const save = () => {
    const parsed = BomPatchInput.safeParse(form);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    // The line's cost (its quantity x the new unit cost) within a line's bound, as the server checks.
    const tooLarge = locked
      ? []
      : lineTotalProblems({ quantity: item.qty, unit_sell_price: '0', unit_cost: parsed.data.unit_cost });
    if (tooLarge[0]) {
      setErrors({ unit_cost: tooLarge[0].message });
      return;
    }
    setErrors({});
    patch.mutate(form, {
      onSuccess: () => {
        notifyDialog(true, BOM_TEXT.updatedTitle, BOM_TEXT.updatedText);
        onClose();
      },
      onError: (error) => {
        if (error instanceof ApiError)
          setErrors(Object.fromEntries(Object.entries(error.errors).map(([k, v]) => [k, v[0] ?? ''])));
        notifyDialog(
          false,
          BOM_TEXT.failedTitle,
          error instanceof ApiError && error.status === 409 ? error.message : BOM_TEXT.failedText,
        );
      },
    });
  };

  const field = (name: keyof Form, label: string, props: Record<string, unknown> = {}) => (
    <TextInput
      label={label}
      value={form[name]}
      onChange={(e) => set(name)(e.currentTarget.value)}
      readOnly={!editable(name)}
      error={errors[name]}
      {...props}
    />
  );

  return (
    <Stack gap="md">
      <div>
        <Text fw={600}>{item.description}</Text>
        <Text size="sm" c="dimmed">
          {item.work_item ? workItemLabel(item.work_item) : BOM_TEXT.title} · Qty {Number(item.qty)} ·{' '}
          {formatQuoteMoney(item.unit_sell_price)} each · quote {item.quote.code} ({item.quote.status})
        </Text>
      </div>
      {locked ? (
        <Alert color="yellow" variant="light">
          {BOM_TEXT.locked}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Order Status"
          data={ORDER_STATUSES.map((s) => ({ value: s, label: s }))}
          value={form.order_status}
          onChange={(v) => v && set('order_status')(v)}
          allowDeselect={false}
          readOnly={!editable('order_status')}
          error={errors.order_status}
        />
        {field('eta', 'ETA', { type: 'date', placeholder: 'YYYY-MM-DD' })}
        {field('product_code', 'Product Code', { maxLength: 255 })}
        {field('supplier_name', 'Supplier', { maxLength: 255 })}
        {field('company_purchase_order_reference', 'Company Purchase Order Reference', { maxLength: 255 })}
        {field('unit_cost', 'Unit Cost', { inputMode: 'decimal' })}
      </SimpleGrid>
      {field('consignment_tracking_link', 'Consignment Tracking Link', { type: 'url', placeholder: 'https://' })}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        {canManage ? (
          <Button onClick={save} loading={patch.isPending}>
            Save
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
