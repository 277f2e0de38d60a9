import type { FormErrors } from '@mantine/form';
import { ApiError } from '../../api/client';
import { applyServerErrors } from '../../ui/server-errors';
import { CONTACT_FIELDS } from './components/site-contacts-carousel';

type FormLike = { setErrors: (errors: FormErrors) => void };

/** Array fields whose element errors (`categories.2`) belong to the field itself. */
const LIST_FIELDS = ['linked_projects', 'categories', 'services', 'tags'];

/**
 * The server's field names as the project forms show them: site-contact errors stay keyed
 * site_contacts.{i}.{field}; the summary names of the first contact point at its fields.
 */
function formKey(key: string): string {
  if (key === 'site_contact_name' || key === 'site_contacts') return 'site_contacts.0.name';
  if (key === 'site_contact_phone') return 'site_contacts.0.phone';
  const list = LIST_FIELDS.find((f) => key.startsWith(`${f}.`));
  return list ?? key;
}

/** The form paths a failed save names (for jumping to the first site contact with an error). */
export function projectErrorKeys(error: unknown): Record<string, true> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(Object.keys(error.errors).map((k) => [formKey(k), true as const]));
}

export const contactPaths = (count: number) =>
  Array.from({ length: count }, (_, i) => CONTACT_FIELDS.map((f) => `site_contacts.${i}.${f}`)).flat();

/**
 * Puts a failed save's messages beside the fields (those named by the server are outlined red by
 * their error state) and returns what found no field, or null.
 */
export function applyProjectErrors(form: FormLike, error: unknown, fields: readonly string[]): string | null {
  if (!(error instanceof ApiError)) return applyServerErrors(form, error, fields);
  const errors: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(error.errors)) {
    const k = formKey(key);
    errors[k] = [...(errors[k] ?? []), ...messages];
  }
  return applyServerErrors(form, new ApiError(error.status, error.message, errors), fields);
}
