// POST /api/enquiry/submit (SPEC sections 5 and 7): the enquiry dialog's fields; no login needed.
import { Type, type Static } from '@sinclair/typebox';
import { Answer, Text } from './common.js';

/** Every field may be missing: the API then answers the same per-field messages as the dialog (shared rules). */
export const EnquiryBody = Type.Object(
  {
    productId: Type.Optional(Text(100)),
    productName: Type.Optional(Text(300)),
    email: Type.Optional(Text(254)),
    // The dialog sends a number; a form may send the text typed.
    quantity: Type.Optional(Type.Union([Type.Number(), Text(12)])),
    companyName: Type.Optional(Text(200)),
    mobileNo: Type.Optional(Text(30)),
    country: Type.Optional(Text(100)),
    purpose: Type.Optional(Text(200)),
    requirementDetails: Type.Optional(Text(5000)),
    // SPEC's client sends its token here; the user is taken from the token header instead.
    userId: Type.Optional(Type.Union([Text(2000), Type.Null()])),
  },
  { additionalProperties: false },
);
export type EnquiryBody = Static<typeof EnquiryBody>;

export const EnquiryResponse = Answer({ enquiryId: Type.String() });
export type EnquiryResponse = Static<typeof EnquiryResponse>;
