// POST /api/contact/submit: the contact page's form (no login needed), stored for the staff's inbox.
import { Type, type Static } from '@sinclair/typebox';
import { Answer, Text } from './common.js';

export const ContactMessageBody = Type.Object(
  {
    product: Text(300),
    name: Text(200),
    email: Text(254),
    mobile: Text(30),
    enquiryDetails: Text(5000),
    requirement: Type.Optional(Text(200)),
  },
  { additionalProperties: false },
);
export type ContactMessageBody = Static<typeof ContactMessageBody>;

export const ContactMessageResponse = Answer({ messageId: Type.String() });
export type ContactMessageResponse = Static<typeof ContactMessageResponse>;
