import type { FormErrors } from '@mantine/form';
import type { z } from 'zod';

/**
 * @mantine/form validator from a zod schema: the first message per field, keyed by
 * the dotted path, so the texts are exactly the contract's (shared with the API).
 */
export function zodResolver<Values>(schema: z.ZodType, extra?: (values: Values) => FormErrors) {
  return (values: Values): FormErrors => {
    const errors: FormErrors = {};
    const result = schema.safeParse(values);
    if (!result.success) {
      for (const issue of result.error.issues) {
        const key = issue.path.map(String).join('.');
        if (!(key in errors)) errors[key] = issue.message;
      }
    }
    if (extra) {
      for (const [key, message] of Object.entries(extra(values))) {
        if (!(key in errors) && message) errors[key] = message;
      }
    }
    return errors;
  };
}
