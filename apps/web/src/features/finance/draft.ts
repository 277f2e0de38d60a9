import {
  financeTotals,
  lineDraft,
  type FinanceLineDraft,
  type FinanceSaveInput,
  type FinanceTotals,
  type FinanceView,
} from '@siteflow/core';

/** A line of the form, with a key of its own for React. */
export type Row = FinanceLineDraft & { key: string };

const AMOUNT = /^\d{0,12}(\.\d{0,2})?$/;

/**
 * An amount as typed, for the figures shown while typing: a number input gives '' for what is
 * not a number, and a value core cannot read exactly (more than 2 decimals) counts as 0 until
 * fixed (the server answers 422 on it at Save).
 */
export const safeAmount = (v: string) => (AMOUNT.test(v.trim()) && v.trim() !== '.' ? v.trim() : '0');

let next = 0;
/** A row of the form: a line with a key of its own for React (new lines have no id yet). */
export const toRow = (line: FinanceLineDraft): Row => ({ ...line, key: `r${++next}` });

export type FinanceDraft = { comments: string; revenues: Row[]; expenses: Row[] };

export const toDraft = (view: FinanceView): FinanceDraft => ({
  comments: view.comments ?? '',
  revenues: view.revenues.map((l) => toRow(lineDraft(l))),
  expenses: view.expenses.map((l) => toRow(lineDraft(l))),
});

const body = ({ key: _, ...line }: Row) => line;

/** The PUT body: the lines in order (totals are the server's to work out). */
export const toSaveBody = (draft: FinanceDraft, version: number): FinanceSaveInput => ({
  version,
  comments: draft.comments,
  revenues: draft.revenues.map(body),
  expenses: draft.expenses.map(body),
});

/** The totals as the user types (the same core function the server saves with). */
export const draftTotals = (draft: FinanceDraft): FinanceTotals =>
  financeTotals({
    revenues: draft.revenues.map((l) => ({ estimate: safeAmount(l.estimate), actual: safeAmount(l.actual) })),
    expenses: draft.expenses.map((l) => ({ estimate: safeAmount(l.estimate), actual: safeAmount(l.actual) })),
  });
