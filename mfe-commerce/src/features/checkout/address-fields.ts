import { ADDRESS_REQUIRED_FIELDS, type Address, type FormErrors } from '@metrology/shared';

export interface AddressField {
  name: keyof Address;
  label: string;
  type?: 'email' | 'tel' | 'text';
  autoComplete: string;
  inputMode?: 'numeric' | 'tel' | 'email';
  /** Half-width on wide screens. */
  half?: boolean;
}

/** The address form of SPEC section 2, in order, with the browser's autofill names. */
export const ADDRESS_FIELDS: readonly AddressField[] = [
  { name: 'firstName', label: 'First Name', autoComplete: 'given-name', half: true },
  { name: 'lastName', label: 'Last Name', autoComplete: 'family-name', half: true },
  { name: 'email', label: 'Email Address', type: 'email', autoComplete: 'email', inputMode: 'email' },
  { name: 'street', label: 'Street Address', autoComplete: 'street-address' },
  { name: 'city', label: 'City', autoComplete: 'address-level2', half: true },
  { name: 'state', label: 'State', autoComplete: 'address-level1', half: true },
  { name: 'zipcode', label: 'PIN Code', autoComplete: 'postal-code', inputMode: 'numeric', half: true },
  { name: 'country', label: 'Country', autoComplete: 'country-name', half: true },
  { name: 'phone', label: 'Phone Number', type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
];

export const EMPTY_ADDRESS: Address = {
  firstName: '',
  lastName: '',
  email: '',
  street: '',
  city: '',
  state: '',
  zipcode: '',
  country: '',
  phone: '',
};

/** The required fields SPEC names (not the email) left empty: '{label} is required' on each. */
export function addressErrors(address: Address): FormErrors<Address> {
  const errors: FormErrors<Address> = {};
  for (const { name, label } of ADDRESS_FIELDS) {
    if (ADDRESS_REQUIRED_FIELDS.includes(name) && address[name].trim() === '')
      errors[name] = `${label} is required`;
  }
  return errors;
}

/** The saved entry that is this address (the server trims what it stores). */
export function sameAddress(a: Address, b: Address): boolean {
  return ADDRESS_FIELDS.every(({ name }) => a[name].trim() === b[name].trim());
}

/** One line for a saved-address card. */
export function addressLines(address: Address): string[] {
  return [
    `${address.firstName} ${address.lastName}`.trim(),
    address.street,
    [address.city, address.state, address.zipcode].filter(Boolean).join(', '),
    address.country,
    address.phone,
  ].filter((line) => line.trim() !== '');
}
