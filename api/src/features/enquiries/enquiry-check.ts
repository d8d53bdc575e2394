// The enquiry's checks (SPEC section 5): the dialog's shared rules plus a whole, sane quantity. The API and the
// test kit's fake API both answer with this, so their refusals cannot differ.
import type { EnquiryBody } from '@metrology/shared/contracts';
import { ENQUIRY_MESSAGES, validateEnquiry, type EnquiryErrors } from '@metrology/shared/rules';

export interface CheckedEnquiry {
  /** The checked fields, trimmed. */
  email: string;
  quantity: number;
  mobileNo: string;
  country: string;
  /** Per field; empty when the enquiry may be stored. */
  errors: EnquiryErrors;
  /** The message of the refusal: the first problem in the order of the form. */
  problem: string | undefined;
}

export function checkEnquiry(body: EnquiryBody): CheckedEnquiry {
  const fields = {
    email: (body.email ?? '').trim(),
    quantity: body.quantity ?? '',
    mobileNo: (body.mobileNo ?? '').trim(),
    country: (body.country ?? '').trim(),
  };
  const errors = validateEnquiry(fields);
  const quantity = Number(fields.quantity);
  if (!errors.quantity && (!Number.isInteger(quantity) || quantity > 1_000_000)) {
    errors.quantity = ENQUIRY_MESSAGES.quantityInvalid;
  }
  const problem = errors.email ?? errors.quantity ?? errors.mobileNo ?? errors.country;
  return { ...fields, quantity, errors, problem };
}
