// The one address factory of the tests: every field SPEC's delivery form requires, filled in.
import type { Address, SavedAddress } from '@metrology/shared';

/** A complete delivery address; override what a test cares about. */
export function makeAddress(overrides: Partial<Address> = {}): Address {
  return {
    firstName: 'Asha',
    lastName: 'Rao',
    email: 'asha@example.com',
    street: '12 Lake Road',
    city: 'Chennai',
    state: 'Tamil Nadu',
    zipcode: '600001',
    country: 'India',
    phone: '+91 98400 00000',
    ...overrides,
  };
}

/** An address as GET /api/address/get answers it: with its id. */
export function makeSavedAddress(_id: string, overrides: Partial<Address> = {}): SavedAddress {
  return { _id, ...makeAddress(overrides) };
}
