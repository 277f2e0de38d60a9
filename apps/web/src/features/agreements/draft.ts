import {
  agreementFigures,
  agreementTotals,
  AgreementSaveInput,
  type AgreementFigures,
  type AgreementTotals,
  type AgreementView,
} from '@siteflow/core';

/**
 * The staff screen's draft of one agreement: the provider, the notes and, per section the
 * agreement may hold (not owned by another agreement), whether it is owned and its contract price
 * as typed. Every figure is worked out from it with core's agreementFigures / agreementTotals.
 */
export type AgreementDraft = {
  providerId: string | null;
  notes: string;
  sections: Record<number, { owned: boolean; price: string }>;
};

/** A section row of the grid as the draft shows it. */
export type GridRow = {
  id: number;
  name: string;
  sell_price: string;
  estimated_cost: string;
  owned: boolean;
  /** Another non-void agreement owns it: greyed out and disabled. */
  owned_by: { id: number; name: string } | null;
  price: string;
  /** null when the row is not owned or its price is not a number ('-'). */
  figures: AgreementFigures | null;
};

/** A price as typed, read as a number when it is one (blank is 0); null otherwise. */
const asAmount = (price: string): string | null => {
  const v = price.trim();
  if (v === '') return '0';
  return /^\d+(\.\d+)?$/.test(v) ? v : null;
};

export function toDraft(a: AgreementView): AgreementDraft {
  const sections: AgreementDraft['sections'] = {};
  for (const s of a.sections) {
    if (s.owned_by) continue;
    sections[s.id] = { owned: s.owned, price: s.owned ? (s.contract_price ?? '0.00') : '' };
  }
  return { providerId: a.service_provider?.id ?? null, notes: a.notes ?? '', sections };
}

export function gridRows(a: AgreementView, draft: AgreementDraft): GridRow[] {
  return a.sections.map((s) => {
    const d = s.owned_by ? undefined : draft.sections[s.id];
    const owned = d?.owned ?? false;
    const price = d?.price ?? '';
    const amount = owned ? asAmount(price) : null;
    return {
      id: s.id,
      name: s.name,
      sell_price: s.sell_price,
      estimated_cost: s.estimated_cost,
      owned,
      owned_by: s.owned_by,
      price,
      figures: amount === null ? null : agreementFigures(s.sell_price, amount),
    };
  });
}

/** The Totals row over the owned sections; null while an owned price is not a number. */
export function draftTotals(rows: readonly GridRow[]): AgreementTotals | null {
  const owned = rows.filter((r) => r.owned);
  const prices = owned.map((r) => asAmount(r.price));
  if (prices.some((p) => p === null)) return null;
  const totals = agreementTotals(owned.map((r, i) => ({ ...r, contract_price: prices[i]! })));
  // Nothing owned yet: no margin to speak of ('-'), not core's 100% of a zero contract price.
  return owned.length ? totals : { ...totals, margin: null };
}

/** Check or clear one section (checking starts it at a contract price of 0). */
export function toggleSection(draft: AgreementDraft, id: number, owned: boolean): AgreementDraft {
  const current = draft.sections[id];
  if (!current) return draft;
  const price = owned ? (current.price.trim() === '' ? '0.00' : current.price) : '';
  return { ...draft, sections: { ...draft.sections, [id]: { owned, price } } };
}

export function setPrice(draft: AgreementDraft, id: number, price: string): AgreementDraft {
  const current = draft.sections[id];
  if (!current) return draft;
  return { ...draft, sections: { ...draft.sections, [id]: { ...current, price } } };
}

/** Whether every section the agreement may hold is owned (Select All's check). */
export const allSelected = (draft: AgreementDraft) => {
  const values = Object.values(draft.sections);
  return values.length > 0 && values.every((s) => s.owned);
};

/**
 * Select All (spec 3 section 4): checked, every unassigned section is claimed at a contract price
 * of 0 (the ones already owned keep their prices); cleared, the agreement releases all of them.
 */
export function selectAll(draft: AgreementDraft, checked: boolean): AgreementDraft {
  const sections: AgreementDraft['sections'] = {};
  for (const [id, s] of Object.entries(draft.sections))
    sections[Number(id)] = checked ? (s.owned ? s : { owned: true, price: '0.00' }) : { owned: false, price: '' };
  return { ...draft, sections };
}

/** The PUT body: every section the agreement may hold, owned with its price or released. */
export function toSaveBody(a: AgreementView, draft: AgreementDraft): AgreementSaveInput {
  const sections: Record<string, { id: number; price?: string; owned: boolean }> = {};
  for (const [id, s] of Object.entries(draft.sections))
    sections[id] = s.owned
      ? { id: Number(id), price: s.price.trim() || '0', owned: true }
      : { id: Number(id), owned: false };
  return { version: a.version, service_provider_id: draft.providerId, notes: draft.notes, sections };
}

/**
 * The save body's problems before it is sent, by field as the server names them
 * ('sections.12.price', 'notes'), from core's own AgreementSaveInput.
 */
export function draftErrors(body: AgreementSaveInput): Record<string, string> {
  const parsed = AgreementSaveInput.safeParse(body);
  if (parsed.success) return {};
  const out: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.');
    out[key] ??= issue.message;
  }
  return out;
}

/** Whether the draft differs from the agreement as saved. */
export const isDirty = (a: AgreementView, draft: AgreementDraft) =>
  JSON.stringify(toSaveBody(a, draft)) !== JSON.stringify(toSaveBody(a, toDraft(a)));
