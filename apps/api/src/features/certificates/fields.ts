import { CERTIFICATE_TEXT, isCalendarDate, type CertificateFieldDef } from '@siteflow/core';
import type { FieldErrors } from '../../platform/errors.js';

export type DetailValue = string | number | boolean | null;
export type Details = Record<string, DetailValue>;
type FieldDefs = Record<string, Pick<CertificateFieldDef, 'label' | 'type' | 'required' | 'options'>>;

const TEXT_MAX = 2000;

/**
 * `details` as sent in a multipart form: JSON text of an object (empty text is {}). Returns null
 * when it is not a JSON object.
 */
export function parseDetailsText(text: string | undefined): Record<string, unknown> | null {
  if (text === undefined || text.trim() === '') return {};
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * Check the type's own fields: required, select/radio option in the list, number, date
 * (YYYY-MM-DD), checkbox boolean (a required checkbox must be ticked, as a native required input).
 * Keys the type does not define are dropped. Errors are keyed `details.<key>`.
 */
export function validateDetails(
  defs: FieldDefs,
  input: Record<string, unknown>,
): { details: Details; errors: FieldErrors } {
  const details: Details = {};
  const errors: FieldErrors = {};
  const fail = (key: string, message: string) => (errors[`details.${key}`] = [message]);
  for (const [key, def] of Object.entries(defs)) {
    const raw = input[key];
    if (def.type === 'checkbox') {
      const value =
        raw === true || raw === 'true' || raw === '1' || raw === 1 || raw === 'on'
          ? true
          : blank(raw) || raw === false || raw === 'false' || raw === '0' || raw === 0
            ? false
            : null;
      if (value === null) fail(key, CERTIFICATE_TEXT.fieldChecked(def.label));
      else if (def.required && !value) fail(key, CERTIFICATE_TEXT.fieldRequired(def.label));
      else details[key] = value;
      continue;
    }
    if (blank(raw)) {
      if (def.required) fail(key, CERTIFICATE_TEXT.fieldRequired(def.label));
      else details[key] = null;
      continue;
    }
    switch (def.type) {
      case 'number': {
        const n = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw.trim()) : Number.NaN;
        if (!Number.isFinite(n)) fail(key, CERTIFICATE_TEXT.fieldNumber(def.label));
        else details[key] = n;
        break;
      }
      case 'date': {
        const v = typeof raw === 'string' ? raw.trim() : '';
        if (!isCalendarDate(v)) fail(key, CERTIFICATE_TEXT.fieldDate(def.label));
        else details[key] = v;
        break;
      }
      case 'select':
      case 'radio': {
        const v = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : null;
        if (v === null || !def.options.includes(v)) fail(key, CERTIFICATE_TEXT.fieldOption(def.label));
        else details[key] = v;
        break;
      }
      default: {
        if (typeof raw !== 'string' && typeof raw !== 'number') fail(key, CERTIFICATE_TEXT.fieldText(def.label));
        else if (String(raw).trim().length > TEXT_MAX) fail(key, `Must be at most ${TEXT_MAX} characters.`);
        else details[key] = String(raw).trim();
      }
    }
  }
  return { details, errors };
}
