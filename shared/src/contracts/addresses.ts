// GET /api/address/get and POST /api/address/save (SPEC sections 5 and 7).
import { Type, type Static } from '@sinclair/typebox';
import { Answer, Text } from './common.js';

export const addressFields = {
  firstName: Text(100),
  lastName: Text(100),
  email: Text(200),
  street: Text(300),
  city: Text(100),
  state: Text(100),
  zipcode: Text(20),
  country: Text(100),
  phone: Text(30),
};

export const Address = Type.Object(addressFields);
export type Address = Static<typeof Address>;

/** A saved address as the server returns it. */
export const SavedAddress = Type.Object({ _id: Type.String(), ...addressFields });
export type SavedAddress = Static<typeof SavedAddress>;

/** The nine fields' names, in the order forms show them. */
export const ADDRESS_FIELDS = Object.keys(addressFields) as (keyof Address)[];

export const AddressSaveBody = Type.Object(
  {
    address: Type.Optional(Type.Partial(Type.Object(addressFields, { additionalProperties: false }))),
    // SPEC's client sends the token as userId: accepted and ignored (the owner comes from the token header).
    userId: Type.Optional(Text(2000)),
  },
  { additionalProperties: false },
);
export type AddressSaveBody = Static<typeof AddressSaveBody>;

export const AddressListResponse = Answer({
  // The account's own e-mail, so checkout can prefill a new address with it.
  accountEmail: Type.Optional(Type.String()),
  addresses: Type.Optional(Type.Array(SavedAddress)),
});
export type AddressListResponse = Static<typeof AddressListResponse>;
