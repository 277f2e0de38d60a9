import {
  dec,
  lineTotals,
  sectionTotals,
  sumTotals,
  type LineItemDraft,
  type LineTotals,
  type MoneyTotals,
  type QuoteSaveInput,
  type QuoteSummary,
  type QuoteView,
  type SectionDraft,
  workItemLabel,
} from '@siteflow/core';

/**
 * The quote as the editor holds it: core's drafts with a key for each row (drag and drop, React
 * keys; new rows have no id yet) and the linked catalogue item's label for the picker.
 */
export type EditorLine = LineItemDraft & { key: string; work_item_label?: string | null };
export type EditorSection = SectionDraft<EditorLine> & { key: string };
export type EditorQuote = { note: string; sections: EditorSection[] };

/** How a section is named in labels and announcements: 'Section 2: Electrical' (or 'Section 2'). */
export const sectionLabel = (section: { name: string }, index: number) =>
  `Section ${index + 1}${section.name ? `: ${section.name}` : ''}`;

/**
 * The editor's draft, held outside React state so that each section's row subscribes to its own
 * section (useSyncExternalStore): typing in one section draws that section and the quote's header
 * again, nothing else. The list of sections (and its drag and drop context) subscribes to the
 * sections' keys, an array that keeps its identity while only the sections' contents change.
 */
export type DraftStore = {
  get: () => EditorQuote;
  /** The sections' keys in order: the same array until a section is added, removed or moved. */
  keys: () => string[];
  section: (key: string) => EditorSection | undefined;
  update: (change: (draft: EditorQuote) => EditorQuote) => void;
  subscribe: (listener: () => void) => () => void;
  /** Whether the draft was edited since the store was made (the quote as saved); cheap on every key. */
  edited: () => boolean;
};

export function createDraftStore(initial: EditorQuote): DraftStore {
  let draft = initial;
  let keys = initial.sections.map((s) => s.key);
  let byKey: Map<string, EditorSection> | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => draft,
    keys: () => keys,
    edited: () => draft !== initial,
    section: (key) => (byKey ??= new Map(draft.sections.map((s) => [s.key, s]))).get(key),
    update: (change) => {
      const next = change(draft);
      if (next === draft) return;
      draft = next;
      byKey = null;
      const nextKeys = next.sections.map((s) => s.key);
      if (nextKeys.length !== keys.length || nextKeys.some((k, i) => k !== keys[i])) keys = nextKeys;
      for (const listener of [...listeners]) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

let counter = 0;
/** A key no other row of this page has. */
export const newKey = (prefix: string) => `${prefix}-new-${++counter}`;

/**
 * Which quote to show once the list is loaded (spec 3 section 4): the Accepted one, else the most
 * recently updated quote that is not Void; none when every quote is Void (or there are none).
 */
export function defaultQuoteId(quotes: readonly QuoteSummary[]): number | null {
  const accepted = quotes.find((q) => q.status === 'Accepted');
  if (accepted) return accepted.id;
  const live = quotes
    .filter((q) => q.status !== 'Void')
    .sort((a, b) => Date.parse(b.updated_at) - Date.parse(a.updated_at) || b.id - a.id);
  return live[0]?.id ?? null;
}

/** A quantity as people type it: '1.000' -> '1', '2.500' -> '2.5'. */
export const quantityText = (q: string) => {
  try {
    return dec(q).toFixed();
  } catch {
    return q;
  }
};

export function toEditor(view: QuoteView): EditorQuote {
  return {
    note: view.note ?? '',
    sections: view.sections.map((s) => ({
      key: `s-${s.id}`,
      id: s.id,
      name: s.name,
      note: s.note,
      line_items: s.line_items.map((l) => ({
        key: `l-${l.id}`,
        id: l.id,
        category: l.category,
        description: l.description,
        long_description: l.long_description,
        general_notes: l.general_notes,
        supplied_by: l.supplied_by,
        quantity: quantityText(l.quantity),
        unit_sell_price: l.unit_sell_price,
        unit_cost: l.unit_cost ?? '0.00',
        product: l.product
          ? {
              work_item_id: l.product.work_item_id,
              product_code: l.product.product_code,
              supplier_name: l.product.supplier_name,
              order_status: l.product.order_status,
              company_purchase_order_reference: l.product.company_purchase_order_reference,
              eta: l.product.eta,
              consignment_tracking_link: l.product.consignment_tracking_link,
            }
          : null,
        work_item_label: l.product?.work_item ? workItemLabel(l.product.work_item) : null,
      })),
    })),
  };
}

/** The body of the save (PUT): the whole quote in the editor's order, without the editor's own fields. */
export function toSaveBody(version: number, quote: EditorQuote): QuoteSaveInput {
  return {
    version,
    note: quote.note,
    sections: quote.sections.map((s) => ({
      id: s.id ?? null,
      name: s.name,
      note: s.note,
      line_items: s.line_items.map(({ key: _key, work_item_label: _label, ...line }) => ({
        ...line,
        id: line.id ?? null,
      })),
    })),
  };
}

/** Core's figures, or null while an amount typed is not a number yet (shown as '-'). */
function orNull<T>(work: () => T): T | null {
  try {
    return work();
  } catch {
    return null;
  }
}
export const safeLineTotals = (line: LineItemDraft): LineTotals | null => orNull(() => lineTotals(line));
/**
 * A section's totals, worked out once per list of lines (the editor replaces a section's list when
 * one of its lines changes, never edits it in place): typing elsewhere in a 2,000-line quote does
 * not add up every line again.
 */
const sectionCache = new WeakMap<readonly LineItemDraft[], MoneyTotals | null>();
export const safeSectionTotals = (section: { line_items: LineItemDraft[] }): MoneyTotals | null => {
  if (!sectionCache.has(section.line_items))
    sectionCache.set(
      section.line_items,
      orNull(() => sectionTotals(section)),
    );
  return sectionCache.get(section.line_items)!;
};
/** The quote's totals from its sections' (cached) totals; null while any amount typed is not a number. */
export const safeQuoteTotals = (sections: { line_items: LineItemDraft[] }[]): MoneyTotals | null => {
  const parts = sections.map(safeSectionTotals);
  return parts.every((t) => t !== null) ? sumTotals(parts as MoneyTotals[]) : null;
};

/**
 * A 422's field messages as lines a person can place: 'Section 2, line 1, description: ...'
 * (the server names fields by path: sections.1.line_items.0.description).
 */
export function describeFieldErrors(errors: Record<string, string[]>): string[] {
  return Object.entries(errors).flatMap(([path, messages]) => {
    const parts = path.split('.');
    const words: string[] = [];
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i]!;
      const next = parts[i + 1];
      if (part === 'sections' && next !== undefined && /^\d+$/.test(next)) {
        words.push(`Section ${Number(next) + 1}`);
        i++;
      } else if (part === 'line_items' && next !== undefined && /^\d+$/.test(next)) {
        words.push(`line ${Number(next) + 1}`);
        i++;
      } else words.push(part.replace(/_/g, ' '));
    }
    const where = words.join(', ');
    return messages.map((m) => (where ? `${where}: ${m}` : m));
  });
}
