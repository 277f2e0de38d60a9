import { AddressFields, stateValue, type AddressFieldsProps, type Country } from '../../../ui/address/address-fields';

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

type Props = Pick<AddressFieldsProps, 'getInputProps'> & {
  values: LocationValues;
  /** Sets several fields at once (a picked place). */
  setValues: (patch: Partial<LocationValues>) => void;
};

/**
 * The project's location of work: Street, City/Suburb, State, Postcode and Country, all required,
 * with the address search (the shared address block).
 */
export function LocationFields(props: Props) {
  return <AddressFields {...props} required withCountry labels={{ suburb: 'City/Suburb' }} />;
}
