import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  ADD_NEW_PRODUCT,
  emptyProduct,
  formatPercent,
  formatQuoteMoney,
  generalNotesMax,
  LINE_CATEGORIES,
  LineItemInput,
  longDescriptionMax,
  ORDER_STATUSES,
  QUOTE_LIMITS,
  QUOTE_TEXT,
  SUPPLIED_BY,
  withCategory,
  workItemLabel,
  type LineCategory,
  type OrderStatus,
  type ProductData,
  type SuppliedBy,
  type WorkItemOption,
  type WorkItemView,
} from '@siteflow/core';
import { DayPickerInput } from '../../ui/day-picker-input';
import { focusSoon } from '../../ui/focus';
import { closeAsking } from '../../ui/unsaved-changes';
import { useWorkItemOptions } from '../catalogue';
import { safeLineTotals, type EditorLine } from './draft';
import { NewProductModal } from './new-product-modal';

type Props = {
  /** The line being edited (a copy is edited; nothing changes until Done). */
  line: EditorLine;
  sectionName: string;
  editable: boolean;
  onApply: (line: EditorLine) => void;
  onClose: () => void;
};

type Errors = Record<string, string>;

/** Core's messages by field path ('description', 'product.eta'), the first one of each. */
function validate(line: EditorLine): Errors {
  const { key: _key, work_item_label: _label, ...input } = line;
  const result = LineItemInput.safeParse(input);
  if (result.success) return {};
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}

const ADD_NEW = String(ADD_NEW_PRODUCT);

/**
 * The line item editor 'Edit Line Entry' (spec 3 sections 2.1, 3, 4 and 5): its totals, the
 * generic fields and, for a Product, the catalogue picker ('Add New Product' creates an item) and
 * the product's fields. Read-only when the quote is not a Draft.
 */
export function LineItemModal({ line: initial, sectionName, editable, onApply, onClose }: Props) {
  const [line, setLine] = useState<EditorLine>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [creating, setCreating] = useState(false);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const isProduct = line.category === 'Product';
  const options = useWorkItemOptions(isProduct && debounced !== line.work_item_label ? debounced : '');
  const totals = safeLineTotals(line);

  useEffect(() => setLine(initial), [initial]);

  const set = (patch: Partial<EditorLine>) => setLine((l) => ({ ...l, ...patch }));
  const setProduct = (patch: Partial<ProductData>) =>
    setLine((l) => ({ ...l, product: { ...(l.product ?? emptyProduct()), ...patch } }));

  /** Picking a catalogue item fills the product from it; its order status goes back to Unknown. */
  const link = (
    item: Pick<WorkItemOption, 'id' | 'name' | 'item_code' | 'supplier_name' | 'unit_sell_price' | 'unit_cost'>,
  ) =>
    setLine((l) => ({
      ...l,
      description: l.description.trim() ? l.description : item.name.slice(0, QUOTE_LIMITS.description),
      unit_sell_price: item.unit_sell_price,
      unit_cost: item.unit_cost,
      work_item_label: workItemLabel(item),
      product: {
        ...(l.product ?? emptyProduct()),
        work_item_id: item.id,
        product_code: item.item_code,
        supplier_name: item.supplier_name,
        order_status: 'Unknown',
      },
    }));

  const pick = (value: string | null) => {
    if (value === ADD_NEW) {
      setCreating(true);
      return;
    }
    if (value === null) {
      set({ work_item_label: null });
      setProduct({ work_item_id: null });
      return;
    }
    const item = options.data?.items.find((o) => String(o.id) === value);
    if (item) link(item);
  };

  // 'Add New Product' is drawn only while open: when it closes, focus goes back to the Product picker.
  const productPicker = useRef<HTMLInputElement>(null);
  const onCreated = (work: WorkItemView) => {
    setCreating(false);
    link(work);
    focusSoon(() => productPicker.current);
  };
  const onCancelCreate = () => {
    // Cancelling 'Add New Product' clears the choice (spec 3 section 4).
    setCreating(false);
    set({ work_item_label: null });
    setProduct({ work_item_id: null });
    focusSoon(() => productPicker.current);
  };

  const apply = () => {
    const found = validate(line);
    setErrors(found);
    if (Object.keys(found).length === 0) onApply(line);
  };

  const linked = line.product?.work_item_id ?? null;
  const pickerData = [
    ...(options.data?.items ?? []).map((o) => ({ value: String(o.id), label: o.label })),
    ...(linked !== null && !options.data?.items.some((o) => o.id === linked)
      ? [{ value: String(linked), label: line.work_item_label ?? QUOTE_TEXT.unknownProduct }]
      : []),
    { value: ADD_NEW, label: QUOTE_TEXT.addNewProduct },
  ];

  const amount = (field: 'quantity' | 'unit_sell_price' | 'unit_cost', label: string) => (
    <TextInput
      label={label}
      inputMode="decimal"
      value={line[field]}
      onChange={(e) => set({ [field]: e.currentTarget.value })}
      error={errors[field]}
      readOnly={!editable}
      required
    />
  );
  const productText = (
    field: 'product_code' | 'supplier_name' | 'company_purchase_order_reference' | 'consignment_tracking_link',
    label: string,
    max: number = QUOTE_LIMITS.productText,
  ) => (
    <TextInput
      label={label}
      value={line.product?.[field] ?? ''}
      maxLength={max}
      onChange={(e) => setProduct({ [field]: e.currentTarget.value })}
      error={errors[`product.${field}`]}
      readOnly={!editable}
    />
  );

  return (
    <>
      <Modal
        opened
        // Escape or × ask first once the line is changed (Cancel discards at once).
        onClose={closeAsking(editable && line !== initial, onClose)}
        size="xl"
        title={`${QUOTE_TEXT.editLineEntry} - ${sectionName.trim() || 'Untitled section'}`}
        closeOnClickOutside={false}
      >
        <Stack gap="md">
          <SimpleGrid cols={{ base: 2, sm: 4 }} component="dl" m={0} data-testid="line-totals">
            <Figure label="Total Sale Price" value={formatQuoteMoney(totals?.revenue)} testId="line-revenue" />
            <Figure label="Total Service Cost" value={formatQuoteMoney(totals?.cost)} testId="line-cost" />
            <Figure label="Gross Profit" value={formatQuoteMoney(totals?.profit)} testId="line-profit" />
            <Figure label="Gross Profit %" value={formatPercent(totals?.profit_percent)} testId="line-percent" />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Category"
              // The dialog opens on its first field, not on its close button.
              data-autofocus
              data={[...LINE_CATEGORIES]}
              value={line.category}
              onChange={(v) => v && setLine((l) => ({ ...withCategory(l, v as LineCategory) }))}
              allowDeselect={false}
              readOnly={!editable}
              required
            />
            <Select
              label="Supplied By"
              data={[...SUPPLIED_BY]}
              value={line.supplied_by}
              onChange={(v) => v && set({ supplied_by: v as SuppliedBy })}
              allowDeselect={false}
              readOnly={!editable}
              required
            />
          </SimpleGrid>
          {isProduct ? (
            <Select
              ref={productPicker}
              label="Product"
              placeholder="Search works and materials"
              searchable
              clearable={editable}
              data={pickerData}
              value={linked !== null ? String(linked) : null}
              onChange={pick}
              searchValue={search}
              onSearchChange={setSearch}
              nothingFoundMessage={options.isLoading ? 'Loading…' : 'No products found'}
              readOnly={!editable}
              filter={({ options: all }) => all}
            />
          ) : null}
          <TextInput
            label="Description"
            value={line.description}
            maxLength={QUOTE_LIMITS.description}
            onChange={(e) => set({ description: e.currentTarget.value })}
            error={errors.description}
            readOnly={!editable}
            required
          />
          <Textarea
            label="Long Description"
            autosize
            minRows={2}
            maxRows={8}
            value={line.long_description ?? ''}
            maxLength={longDescriptionMax(line.category)}
            onChange={(e) => set({ long_description: e.currentTarget.value })}
            error={errors.long_description}
            readOnly={!editable}
          />
          <Textarea
            label="General Notes (internal, not shown to the client or service provider)"
            autosize
            minRows={2}
            maxRows={6}
            value={line.general_notes ?? ''}
            maxLength={generalNotesMax(line.category)}
            onChange={(e) => set({ general_notes: e.currentTarget.value })}
            error={errors.general_notes}
            readOnly={!editable}
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {amount('quantity', 'Qty')}
            {amount('unit_sell_price', 'Unit Sell Price')}
            {amount('unit_cost', 'Unit Cost')}
          </SimpleGrid>
          {isProduct ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {productText('product_code', 'Product Code')}
              {productText('supplier_name', 'Supplier')}
              <Select
                label="Order Status"
                data={[...ORDER_STATUSES]}
                value={line.product?.order_status ?? 'Unknown'}
                onChange={(v) => v && setProduct({ order_status: v as OrderStatus })}
                allowDeselect={false}
                readOnly={!editable}
              />
              {productText('company_purchase_order_reference', 'PO Reference')}
              <DayPickerInput
                label="ETA"
                clearable={editable}
                clearButtonProps={{ 'aria-label': 'Clear the ETA' }}
                popoverProps={{ withinPortal: true }}
                value={line.product?.eta ?? null}
                onChange={(v) => setProduct({ eta: v ? String(v) : null })}
                error={errors['product.eta']}
                readOnly={!editable}
              />
              {productText('consignment_tracking_link', 'Tracking Link', QUOTE_LIMITS.link)}
            </SimpleGrid>
          ) : null}
          {Object.keys(errors).length ? (
            <Alert color="red" variant="light" role="alert">
              Check the fields marked in red.
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {editable ? 'Cancel' : 'Close'}
            </Button>
            {editable ? <Button onClick={apply}>Done</Button> : null}
          </Group>
        </Stack>
      </Modal>
      {creating ? <NewProductModal onCreated={onCreated} onCancel={onCancelCreate} /> : null}
    </>
  );
}

export function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fw={600} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}
