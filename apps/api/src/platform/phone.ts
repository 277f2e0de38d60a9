import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';

export type { CountryCode };

/** Where a number written without a country code ('0412 345 678') is assumed to be (SMS_COUNTRY). */
export const DEFAULT_SMS_COUNTRY: CountryCode = 'AU';

/**
 * A number an SMS can go to, in E.164 ('+61412345678'), or null. Written the way people write
 * them ('0412 345 678', '+61 412 345 678', '(04) 1234-5678'); numbers without a country code are
 * read as `country`'s. Only mobile numbers (or, where a country cannot tell them apart, numbers
 * that may be mobile, as in the US) pass: a landline cannot receive the message, and saying so
 * when it is written beats a delivery that fails later. Full metadata, so the digits are checked,
 * not only the length.
 */
export function mobileE164(raw: string, country: CountryCode = DEFAULT_SMS_COUNTRY): string | null {
  const parsed = parsePhoneNumberFromString(raw.trim(), country);
  if (!parsed?.isValid()) return null;
  const type = parsed.getType();
  return type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE' ? parsed.number : null;
}
