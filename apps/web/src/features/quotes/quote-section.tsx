import { memo, useRef, useState, type ReactNode } from 'react';
import {
  ActionIcon,
  Button,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconCopy, IconGripVertical, IconNote, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { formatPercent, formatQuoteMoney, QUOTE_LIMITS, QUOTE_TEXT } from '@siteflow/core';
import { focusSoon } from '../../ui/focus';
import { SortableList } from '../../ui/sortable-list';
import {
  quantityText,
  safeLineTotals,
  safeSectionTotals,
  sectionLabel,
  type EditorLine,
  type EditorSection,
} from './draft';
import { Figure } from './line-item-modal';
import { TableScroll } from '../../ui/table-scroll';

const lineName = (line: EditorLine, index: number) =>
  `line ${index + 1}${line.description ? `: ${line.description}` : ''}`;

type Props = {
  section: EditorSection;
  index: number;
  editable: boolean;
  /** The section's drag handle (from the sections' sortable list), when editable. */
  handle: ReactNode;
  onChange: (section: EditorSection) => void;
  onCopy: () => void;
  onDelete: () => void;
  onEditLine: (line: EditorLine | null, after?: EditorLine) => void;
};

/**
 * One section (spec 3 section 2.1): name, note, copy and delete; its line items (Category,
 * Item\Description, Supplied By, Qty, Unit Sell Price, Total (ex. GST), Profit $, Profit %) with
 * edit, delete and drag on each row, a plus button adding one; the footer's totals.
 */
export function QuoteSection({ section, index, editable, handle, onChange, onCopy, onDelete, onEditLine }: Props) {
  const [noteOpen, setNoteOpen] = useState(false);
  // The note's dialog is drawn only while open, so Mantine does not return focus: its button takes it back.
  const noteButton = useRef<HTMLButtonElement>(null);
  const closeNote = () => {
    setNoteOpen(false);
    focusSoon(() => noteButton.current);
  };
  const totals = safeSectionTotals(section);
  const label = sectionLabel(section, index);
  const lines = section.line_items;
  const setLines = (line_items: EditorLine[]) => onChange({ ...section, line_items });
  // The line table is drawn again only when its lines change (not while the name is typed); its
  // callbacks reach this render's section through the ref.
  const latest = useRef({ setLines, onEditLine });
  latest.current = { setLines, onEditLine };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={label} data-testid="quote-section">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap" align="center">
          {editable ? handle : null}
          <TextInput
            aria-label={`Section ${index + 1} name`}
            placeholder={QUOTE_TEXT.sectionPlaceholder}
            value={section.name}
            maxLength={QUOTE_LIMITS.sectionName}
            onChange={(e) => onChange({ ...section, name: e.currentTarget.value })}
            readOnly={!editable}
            style={{ flex: 1 }}
            fw={600}
          />
          <Tooltip label={section.note ? 'Section note (has a note)' : 'Section note'}>
            <ActionIcon
              ref={noteButton}
              variant={section.note ? 'light' : 'subtle'}
              aria-label={`Note of ${label}`}
              onClick={() => setNoteOpen(true)}
            >
              <IconNote size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          {editable ? (
            <>
              <Tooltip label="Copy section">
                <ActionIcon variant="subtle" aria-label={`Copy ${label}`} onClick={onCopy}>
                  <IconCopy size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Delete section">
                <ActionIcon variant="subtle" color="red" aria-label={`Delete ${label}`} onClick={onDelete}>
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </>
          ) : null}
        </Group>

        <LineTable
          lines={lines}
          index={index}
          editable={editable}
          setLines={(l) => latest.current.setLines(l)}
          onEditLine={(line) => latest.current.onEditLine(line)}
        />

        <Group justify="space-between" align="flex-end" wrap="wrap">
          {editable ? (
            <Tooltip label="Add a line item">
              <ActionIcon
                variant="light"
                size="lg"
                aria-label={`Add a line item to ${label}`}
                onClick={() => onEditLine(null, lines[lines.length - 1])}
              >
                <IconPlus size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          ) : (
            <span />
          )}
          <SimpleGrid cols={{ base: 2, sm: 5 }} component="dl" m={0} spacing="lg" data-testid="section-totals">
            <Figure label="Cost" value={formatQuoteMoney(totals?.cost)} testId="section-cost" />
            <Figure label="Gross Profit" value={formatQuoteMoney(totals?.gross_profit)} testId="section-profit" />
            <Figure label="Profit %" value={formatPercent(totals?.profit_percent)} testId="section-percent" />
            <Figure label="Margin" value={formatPercent(totals?.margin_percent)} testId="section-margin" />
            <Figure label="Total" value={formatQuoteMoney(totals?.revenue)} testId="section-total" />
          </SimpleGrid>
        </Group>
      </Stack>
      {noteOpen ? (
        <SectionNoteModal
          title={label}
          note={section.note ?? ''}
          editable={editable}
          onSave={(note) => {
            onChange({ ...section, note: note.trim() ? note : null });
            closeNote();
          }}
          onClose={closeNote}
        />
      ) : null}
    </Paper>
  );
}

function LineRow({
  line,
  name,
  editable,
  onEdit,
  onDelete,
}: {
  line: EditorLine;
  name: string;
  editable: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: line.key,
    disabled: !editable,
  });
  const totals = safeLineTotals(line);
  return (
    <Table.Tr
      ref={setNodeRef}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 2 : undefined,
      }}
      data-testid="line-item"
    >
      {editable ? (
        <Table.Td>
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray"
            aria-label={`Move ${name}`}
            {...attributes}
            {...listeners}
            style={{ cursor: 'grab', touchAction: 'none' }}
          >
            <IconGripVertical size={18} aria-hidden />
          </ActionIcon>
        </Table.Td>
      ) : null}
      <Table.Td>{line.category}</Table.Td>
      <Table.Td>
        <Text size="sm">{line.description || '-'}</Text>
        {line.category === 'Product' && line.work_item_label ? (
          <Text size="xs" c="dimmed">
            {line.work_item_label}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>{line.supplied_by}</Table.Td>
      <Table.Td ta="right">{quantityText(line.quantity)}</Table.Td>
      <Table.Td ta="right">{formatQuoteMoney(line.unit_sell_price)}</Table.Td>
      <Table.Td ta="right" data-testid="line-total">
        {formatQuoteMoney(totals?.revenue)}
      </Table.Td>
      <Table.Td ta="right">{formatQuoteMoney(totals?.profit)}</Table.Td>
      <Table.Td ta="right">{formatPercent(totals?.profit_percent)}</Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Tooltip label={editable ? 'Edit' : 'View'}>
            <ActionIcon variant="subtle" aria-label={`${editable ? 'Edit' : 'View'} ${name}`} onClick={onEdit}>
              <IconPencil size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          {editable ? (
            <Tooltip label="Delete">
              <ActionIcon variant="subtle" color="red" aria-label={`Delete ${name}`} onClick={onDelete}>
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          ) : null}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

function SectionNoteModal({
  title,
  note,
  editable,
  onSave,
  onClose,
}: {
  title: string;
  note: string;
  editable: boolean;
  onSave: (note: string) => void;
  onClose: () => void;
}) {
  const [value, setValue] = useState(note);
  return (
    <Modal opened onClose={onClose} title={`Note of ${title}`} size="lg">
      <Stack gap="md">
        <Textarea
          label="Section Note"
          autosize
          minRows={4}
          maxRows={12}
          value={value}
          maxLength={QUOTE_LIMITS.sectionNote}
          description={`${value.length}/${QUOTE_LIMITS.sectionNote}`}
          onChange={(e) => setValue(e.currentTarget.value)}
          readOnly={!editable}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {editable ? 'Cancel' : 'Close'}
          </Button>
          {editable ? <Button onClick={() => onSave(value)}>Done</Button> : null}
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The line tables' column widths (px). Each section is its own table: a fixed layout with these
 * widths lines the columns up from one section to the next; Item\Description takes the rest.
 */
const LINE_COLUMNS = {
  move: 40,
  category: 90,
  suppliedBy: 108,
  qty: 72,
  unitSellPrice: 124,
  total: 132,
  profit: 104,
  profitPercent: 84,
  actions: 90,
  view: 50,
} as const;
/** Narrower than this, a line table scrolls sideways (Item\Description keeps about 140px). */
const LINE_TABLE_MIN_WIDTH = 980;

type LineTableProps = {
  lines: EditorLine[];
  /** The section's place (the table is named 'Line items of Section 2'). */
  index: number;
  editable: boolean;
  setLines: (lines: EditorLine[]) => void;
  onEditLine: (line: EditorLine) => void;
};

/**
 * A section's line items with their drag, edit and delete. Memoised on its lines, place and
 * editability (the callbacks go through the section's ref), so typing a section's name in a
 * 2,000-line quote does not draw its rows again.
 */
const LineTable = memo(
  function LineTable({ lines, index, editable, setLines, onEditLine }: LineTableProps) {
    return (
      <SortableList items={lines} idOf={(l) => l.key} nameOf={(l) => lineName(l, lines.indexOf(l))} onMove={setLines}>
        <TableScroll label={`Line items of Section ${index + 1}`} minWidth={LINE_TABLE_MIN_WIDTH}>
          <Table verticalSpacing="xs" aria-label={`Line items of Section ${index + 1}`} striped layout="fixed">
            <Table.Thead>
              <Table.Tr>
                {editable ? (
                  <Table.Th w={LINE_COLUMNS.move}>
                    <VisuallyHidden>Move</VisuallyHidden>
                  </Table.Th>
                ) : null}
                <Table.Th w={LINE_COLUMNS.category}>Category</Table.Th>
                <Table.Th>Item\Description</Table.Th>
                <Table.Th w={LINE_COLUMNS.suppliedBy} style={{ whiteSpace: 'nowrap' }}>
                  Supplied By
                </Table.Th>
                <Table.Th ta="right" w={LINE_COLUMNS.qty} style={{ whiteSpace: 'nowrap' }}>
                  Qty
                </Table.Th>
                <Table.Th ta="right" w={LINE_COLUMNS.unitSellPrice} style={{ whiteSpace: 'nowrap' }}>
                  Unit Sell Price
                </Table.Th>
                <Table.Th ta="right" w={LINE_COLUMNS.total} style={{ whiteSpace: 'nowrap' }}>
                  Total (ex. GST)
                </Table.Th>
                <Table.Th ta="right" w={LINE_COLUMNS.profit} style={{ whiteSpace: 'nowrap' }}>
                  Profit $
                </Table.Th>
                <Table.Th ta="right" w={LINE_COLUMNS.profitPercent} style={{ whiteSpace: 'nowrap' }}>
                  Profit %
                </Table.Th>
                <Table.Th w={editable ? LINE_COLUMNS.actions : LINE_COLUMNS.view}>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lines.map((line, i) => (
                <LineRow
                  key={line.key}
                  line={line}
                  name={lineName(line, i)}
                  editable={editable}
                  onEdit={() => onEditLine(line)}
                  onDelete={() => setLines(lines.filter((l) => l.key !== line.key))}
                />
              ))}
              {lines.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={editable ? 10 : 9}>
                    <Text size="sm" c="dimmed" ta="center">
                      No line items yet.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : null}
            </Table.Tbody>
          </Table>
        </TableScroll>
      </SortableList>
    );
  },
  (a, b) => a.lines === b.lines && a.index === b.index && a.editable === b.editable,
);
