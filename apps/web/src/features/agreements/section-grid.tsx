import { Checkbox, Paper, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { formatPercent, formatQuoteMoney } from '@siteflow/core';
import { allSelected, type AgreementDraft, type GridRow, type draftTotals } from './draft';

type GridProps = {
  rows: GridRow[];
  totals: ReturnType<typeof draftTotals>;
  readOnly: boolean;
  draft: AgreementDraft;
  errors: Record<string, string>;
  onToggle: (id: number, owned: boolean) => void;
  onPrice: (id: number, price: string) => void;
  onSelectAll: (checked: boolean) => void;
};

/** The section grid: every section of the quote, the ones another agreement owns greyed out and disabled. */
export function SectionGrid({ rows, totals, readOnly, draft, errors, onToggle, onPrice, onSelectAll }: GridProps) {
  const selectable = Object.keys(draft.sections).length > 0;
  const all = allSelected(draft);
  const some = !all && Object.values(draft.sections).some((s) => s.owned);
  return (
    <Paper withBorder p="md" radius="md">
      <Checkbox
        label="Select All"
        checked={all}
        indeterminate={some}
        disabled={readOnly || !selectable}
        onChange={(e) => onSelectAll(e.currentTarget.checked)}
        mb="sm"
        data-testid="agreement-select-all"
      />
      <Table.ScrollContainer minWidth={760}>
        <Table aria-label="Sections" verticalSpacing="xs" data-testid="agreement-grid">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={48}>
                <VisuallyHidden>Assigned</VisuallyHidden>
              </Table.Th>
              <Table.Th>Section</Table.Th>
              <Table.Th ta="right">Service Sell Price</Table.Th>
              <Table.Th ta="right">Estimated Cost</Table.Th>
              <Table.Th ta="right">Contract Price</Table.Th>
              <Table.Th ta="right">Gross Profit</Table.Th>
              <Table.Th ta="right">Margin</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <SectionRow
                key={r.id}
                row={r}
                readOnly={readOnly}
                error={errors[`sections.${r.id}.price`]}
                onToggle={onToggle}
                onPrice={onPrice}
              />
            ))}
            {rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={7}>
                  <Text size="sm" c="dimmed" ta="center">
                    This quote has no sections.
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : null}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr data-testid="agreement-totals">
              <Table.Th />
              <Table.Th>Totals</Table.Th>
              <Table.Th ta="right" data-testid="total-sell">
                {formatQuoteMoney(totals?.sell_price)}
              </Table.Th>
              <Table.Th ta="right" data-testid="total-cost">
                {formatQuoteMoney(totals?.estimated_cost)}
              </Table.Th>
              <Table.Th ta="right" data-testid="total-contract">
                {formatQuoteMoney(totals?.contract_price)}
              </Table.Th>
              <Table.Th ta="right" data-testid="total-profit">
                {formatQuoteMoney(totals?.gross_profit)}
              </Table.Th>
              <Table.Th ta="right" data-testid="total-margin">
                {formatPercent(totals?.margin)}
              </Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

type RowProps = {
  row: GridRow;
  readOnly: boolean;
  error: string | undefined;
  onToggle: (id: number, owned: boolean) => void;
  onPrice: (id: number, price: string) => void;
};

function SectionRow({ row, readOnly, error, onToggle, onPrice }: RowProps) {
  const taken = row.owned_by !== null;
  return (
    <Table.Tr
      data-testid="agreement-section"
      data-owned={row.owned ? 'true' : 'false'}
      data-taken={taken ? 'true' : 'false'}
      bg={taken ? 'var(--mantine-color-gray-1)' : undefined}
    >
      <Table.Td>
        <Checkbox
          aria-label={`Assign ${row.name} to this agreement`}
          checked={row.owned}
          disabled={readOnly || taken}
          onChange={(e) => onToggle(row.id, e.currentTarget.checked)}
        />
      </Table.Td>
      <Table.Td>
        <Text size="sm" fw={500} c={taken ? 'dimmed' : undefined}>
          {row.name}
        </Text>
        {row.owned_by ? (
          <Text size="xs" c="dimmed" fs="italic" data-testid="section-owner">
            Owned by {row.owned_by.name}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td ta="right" c={taken ? 'dimmed' : undefined}>
        {formatQuoteMoney(row.sell_price)}
      </Table.Td>
      <Table.Td ta="right" c={taken ? 'dimmed' : undefined}>
        {formatQuoteMoney(row.estimated_cost)}
      </Table.Td>
      <Table.Td ta="right">
        {row.owned ? (
          <TextInput
            aria-label={`Contract price for ${row.name}`}
            value={row.price}
            onChange={(e) => onPrice(row.id, e.currentTarget.value)}
            disabled={readOnly}
            inputMode="decimal"
            leftSection="$"
            size="xs"
            w={130}
            ml="auto"
            error={error}
            styles={{ input: { textAlign: 'right' } }}
            data-testid="contract-price"
          />
        ) : (
          <Text size="sm" c="dimmed">
            -
          </Text>
        )}
      </Table.Td>
      <Table.Td ta="right" data-testid="section-profit">
        {formatQuoteMoney(row.figures?.gross_profit)}
      </Table.Td>
      <Table.Td ta="right" data-testid="section-margin">
        {formatPercent(row.figures?.margin)}
      </Table.Td>
    </Table.Tr>
  );
}
