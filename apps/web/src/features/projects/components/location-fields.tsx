import type { UseFormReturnType } from '@mantine/form';
import { AddressFields, stateValue, type Country } from '../../../ui/address/address-fields';

export { COUNTRIES, type Country } from '../../../ui/address/address-fields';
export type LocationValues = {
  street: string;
  suburb: string;
  state: string | null;
  postcode: string;
  country: Country;
};

export const locationValues = (l: {
  street: string | null;
  suburb: string | null;
  state: string | null;
  postcode: string | null;
  country: string;
}): LocationValues => ({
  street: l.street ?? '',
  suburb: l.suburb ?? '',
  state: stateValue(l.state),
  postcode: l.postcode ?? '',
  country: l.country === 'New Zealand' ? 'New Zealand' : 'Australia',
});

/** What the fields use of a form whose values hold the location. */
type LocationForm = Pick<
  UseFormReturnType<LocationValues>,
  'getValues' | 'getInputProps' | 'setValues' | 'clearFieldError'
>;

/**
 * The project's location of work: Street, City/Suburb, State, Postcode and Country, all required,
 * with the address search (the shared address block).
 */
export function LocationFields({ form }: { form: LocationForm }) {
  return (
    <AddressFields
      values={form.getValues()}
      getInputProps={(f) => form.getInputProps(f)}
      // A picked place sets several fields at once, and clears their errors.
      setValues={(patch) => {
        form.setValues(patch);
        for (const key of Object.keys(patch)) form.clearFieldError(key);
      }}
      required
      withCountry
      labels={{ suburb: 'City/Suburb' }}
    />
  );
}
