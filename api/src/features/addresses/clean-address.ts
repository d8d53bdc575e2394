// An address as it is stored: the nine fields of the contract, trimmed, and nothing else. No database or server
// code here: the test kit's fake API cleans addresses with it too.
import { ADDRESS_FIELDS, type Address } from '@metrology/shared/contracts';

export function cleanAddress(input: Partial<Address>): Address {
  const address = {} as Address;
  for (const field of ADDRESS_FIELDS) address[field] = String(input[field] ?? '').trim();
  return address;
}

/** Whether the user has this cleaned address already (field by field): saving it again stores nothing. */
export function isSavedAlready(saved: readonly Address[], address: Address): boolean {
  return saved.some((one) => ADDRESS_FIELDS.every((field) => one[field] === address[field]));
}
