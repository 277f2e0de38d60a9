import { memo } from 'react';
import {
  ActionIcon,
  Button,
  Group,
  NativeSelect,
  Table,
  Text,
  TextInput,
  Textarea,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconDownload, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  FINANCE_CATEGORIES,
  FINANCE_CATEGORY_LABELS,
  FINANCE_LIMITS,
  FINANCE_TEXT,
  formatFinanceMoney,
  variation,
  type FinanceKind,
} from '@siteflow/core';
import { safeAmount, type Row } from './draft';

export type { Row };
type Field = 'code' | 'category' | 'description' | 'estimate' | 'actual' | 'notes';

const KIND_LABEL: Record<FinanceKind, string> = { revenue: 'Revenue', expense: 'Expense' };
const CATEGORY_OPTIONS = FINANCE_CATEGORIES.map((c) => ({ value: c, label: FINANCE_CATEGORY_LABELS[c] }));

/**
 * The inputs' minimum widths (px). With the cells' padding and the remove button they add up to
 * 1038 px, so the table fits the 1078 px of content beside the open side menu on a 1440 px screen:
 * wider minimums (960 px in all) pushed Notes and the remove button out of view behind a scroll bar.
 * Narrower screens scroll the table (its container's minWidth).
 */
const MIN_WIDTH = { code: 90, category: 100, description: 160, amount: 115, variation: 120, notes: 150 } as const;

/**
 * An amount moved one step (100) by the arrow keys, as a number input with min 0 and step 100
 * moves it: onto the next multiple of 100 up or down, never below 0. Text that is not an amount
 * is left as it is (its message shows at Save).
 */
export function stepAmount(value: string, direction: 1 | -1): string {
  const text = value.trim() || '0';
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(text)) return value;
  const step = FINANCE_LIMITS.amountStep;
  const n = Number(text);
  const next = direction === 1 ? Math.floor(n / step) * step + step : Math.ceil(n / step) * step - step;
  return String(Math.max(0, next));
}

/** The id of a row's code input (focused when the row is added). */
export const codeInputId = (kind: FinanceKind, key: string) => `finance-${kind}-${key}-code`;

type RowProps = {
  kind: FinanceKind;
  row: Row;
  index: number;
  duplicate: boolean;
  errors: Record<string, string | undefined>;
  readOnly: boolean;
  onChange: (key: string, field: Field, value: string) => void;
  onRemove: (row: Row, index: number) => void;
};

/** One line: every input labelled with the row it belongs to ('Revenue line 2 estimate'). */
const LineRow = memo(function LineRow({ kind, row, index, duplicate, errors, readOnly, onChange, onRemove }: RowProps) {
  const name = `${KIND_LABEL[kind]} line ${index + 1}`;
  const set = (field: Field) => (e: { currentTarget: { value: string } }) =>
    onChange(row.key, field, e.currentTarget.value);
  // A text input, so what is typed is what is checked: a number input reads '5e' or '-' as blank,
  // which would save as $0. The arrow keys still step by 100 (spec 3), as a number input's would.
  const amount = (field: 'estimate' | 'actual') => (
    <TextInput
      aria-label={`${name} ${field}`}
      inputMode="decimal"
      autoComplete="off"
      value={row[field]}
      onChange={set(field)}
      onKeyDown={(e) => {
        if (readOnly || (e.key !== 'ArrowUp' && e.key !== 'ArrowDown')) return;
        e.preventDefault();
        onChange(row.key, field, stepAmount(row[field], e.key === 'ArrowUp' ? 1 : -1));
      }}
      error={errors[field]}
      readOnly={readOnly}
      leftSection={<Text size="sm">$</Text>}
      miw={MIN_WIDTH.amount}
    />
  );
  return (
    <Table.Tr
      data-duplicate={duplicate || undefined}
      style={duplicate ? { outline: '2px solid var(--mantine-color-red-7)', outlineOffset: -2 } : undefined}
    >
      <Table.Td>
        <TextInput
          id={codeInputId(kind, row.key)}
          aria-label={`${name} code`}
          value={row.code}
          onChange={set('code')}
          maxLength={FINANCE_LIMITS.code}
          readOnly={readOnly}
          // Mantine ties the message to the input (aria-describedby) and sets aria-invalid.
          error={errors.code ?? (duplicate ? FINANCE_TEXT.duplicate : undefined)}
          miw={MIN_WIDTH.code}
        />
      </Table.Td>
      <Table.Td>
        <NativeSelect
          aria-label={`${name} category`}
          data={CATEGORY_OPTIONS}
          value={row.category}
          onChange={set('category')}
          disabled={readOnly}
          error={errors.category ?? duplicate}
          miw={MIN_WIDTH.category}
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          aria-label={`${name} description`}
          value={row.description}
          onChange={set('description')}
          maxLength={FINANCE_LIMITS.description}
          error={errors.description}
          readOnly={readOnly}
          miw={MIN_WIDTH.description}
        />
      </Table.Td>
      <Table.Td>{amount('estimate')}</Table.Td>
      <Table.Td>{amount('actual')}</Table.Td>
      <Table.Td>
        <TextInput
          aria-label={`${name} variation`}
          value={formatFinanceMoney(variation(safeAmount(row.estimate), safeAmount(row.actual)))}
          readOnly
          variant="filled"
          styles={{ input: { textAlign: 'right' } }}
          miw={MIN_WIDTH.variation}
        />
      </Table.Td>
      <Table.Td>
        <Textarea
          aria-label={`${name} notes`}
          value={row.notes}
          onChange={set('notes')}
          maxLength={FINANCE_LIMITS.notes}
          error={errors.notes}
          readOnly={readOnly}
          rows={1}
          miw={MIN_WIDTH.notes}
        />
      </Table.Td>
      <Table.Td>
        {readOnly ? null : (
          <Tooltip label={`${FINANCE_TEXT.removeLine} ${index + 1}`}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Remove ${name.toLowerCase()}`}
              onClick={() => onRemove(row, index)}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        )}
      </Table.Td>
    </Table.Tr>
  );
});

type TableProps = {
  kind: FinanceKind;
  rows: readonly Row[];
  duplicates: ReadonlySet<number>;
  /** Server messages by field path ('revenues.2.estimate'). */
  errors: Record<string, string[]>;
  totals: { estimate: string; actual: string };
  readOnly: boolean;
  pulling: boolean;
  onChange: (key: string, field: Field, value: string) => void;
  onRemove: (row: Row, index: number) => void;
  onAdd: () => void;
  onPull: () => void;
};

/** A tab's lines (Revenue or Expenses), its totals, Add and the pull button. */
export function FinanceLinesTable({
  kind,
  rows,
  duplicates,
  errors,
  totals,
  readOnly,
  pulling,
  onChange,
  onRemove,
  onAdd,
  onPull,
}: TableProps) {
  const prefix = kind === 'revenue' ? 'revenues' : 'expenses';
  const rowErrors = (i: number) =>
    Object.fromEntries(
      (['code', 'category', 'description', 'estimate', 'actual', 'notes'] as const).map((f) => [
        f,
        errors[`${prefix}.${i}.${f}`]?.[0],
      ]),
    );
  const label = kind === 'revenue' ? 'Revenue lines' : 'Expense lines';
  return (
    <>
      <Table.ScrollContainer minWidth={1000}>
        <Table aria-label={label} verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Code</Table.Th>
              <Table.Th>Category</Table.Th>
              <Table.Th>Description</Table.Th>
              <Table.Th>Estimate</Table.Th>
              <Table.Th>Actual</Table.Th>
              <Table.Th ta="right">Variation</Table.Th>
              <Table.Th>Notes</Table.Th>
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={8}>
                  <Text size="sm" c="dimmed">
                    {FINANCE_TEXT.noLines}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              rows.map((row, i) => (
                <LineRow
                  key={row.key}
                  kind={kind}
                  row={row}
                  index={i}
                  duplicate={duplicates.has(i)}
                  errors={rowErrors(i)}
                  readOnly={readOnly}
                  onChange={onChange}
                  onRemove={onRemove}
                />
              ))
            )}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th colSpan={3}>Total</Table.Th>
              <Table.Td data-testid={`${kind}-total-estimate`}>{formatFinanceMoney(totals.estimate)}</Table.Td>
              <Table.Td data-testid={`${kind}-total-actual`}>{formatFinanceMoney(totals.actual)}</Table.Td>
              <Table.Td ta="right">{formatFinanceMoney(variation(totals.estimate, totals.actual))}</Table.Td>
              <Table.Td colSpan={2} />
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
      {readOnly ? null : (
        <Group mt="sm" gap="sm">
          <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={onAdd}>
            {kind === 'revenue' ? FINANCE_TEXT.addRevenue : FINANCE_TEXT.addExpense}
          </Button>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={onPull}
            loading={pulling}
          >
            {kind === 'revenue' ? FINANCE_TEXT.pullQuote : FINANCE_TEXT.pullAgreements}
          </Button>
        </Group>
      )}
    </>
  );
}

export type { Field };
