import type { FormErrors } from '@mantine/form';
import { ApiError, errorMessage } from '../api/client';
import { focusFirstInvalid } from './focus';

type FormLike = { setErrors: (errors: FormErrors) => void };

/**
 * Put a failed request's per-field messages beside the fields the form shows and
 * return what is left for a general alert (null when everything found a field).
 */
export function applyServerErrors(
  form: FormLike,
  error: unknown,
  fields: readonly string[],
  aliases: Record<string, string> = {},
): string | null {
  if (!(error instanceof ApiError)) return errorMessage(error);
  const shown: FormErrors = {};
  const leftover: string[] = [];
  for (const [key, messages] of Object.entries(error.errors)) {
    const field = aliases[key] ?? key;
    const message = messages[0];
    if (!message) continue;
    if (fields.includes(field)) shown[field] = message;
    else leftover.push(message);
  }
  form.setErrors(shown);
  if (Object.keys(shown).length > 0) focusFirstInvalid();
  if (Object.keys(shown).length === 0) return leftover[0] ?? error.message;
  return leftover.length ? leftover.join(' ') : null;
}
