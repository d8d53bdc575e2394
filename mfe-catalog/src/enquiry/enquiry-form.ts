import {
  ENQUIRY_DEFAULT_QUANTITY,
  ENQUIRY_MESSAGES,
  validateEnquiry,
  type EnquiryErrors,
  type ProductEnquiry,
} from '@metrology/shared';

/** What the enquiry dialog's fields hold (quantity as typed). */
export interface EnquiryForm {
  email: string;
  quantity: string;
  companyName: string;
  mobileNo: string;
  country: string;
  purpose: string;
  requirementDetails: string;
}

export type EnquiryField = keyof EnquiryForm;

export const EMPTY_ENQUIRY: EnquiryForm = {
  email: '',
  quantity: String(ENQUIRY_DEFAULT_QUANTITY),
  companyName: '',
  mobileNo: '',
  country: '',
  purpose: '',
  requirementDetails: '',
};

/** SPEC section 5 through the shared rule: an empty object means the enquiry may be sent. */
export function checkEnquiry(form: EnquiryForm): EnquiryErrors {
  const errors = validateEnquiry({
    email: form.email,
    quantity: form.quantity.trim() === '' ? Number.NaN : form.quantity,
    mobileNo: form.mobileNo,
    country: form.country,
  });
  // Units are whole (the server refuses 1.5 with the same message).
  if (!errors.quantity && !Number.isInteger(Number(form.quantity))) {
    errors.quantity = ENQUIRY_MESSAGES.quantityInvalid;
  }
  return errors;
}

/** The body of POST /api/enquiry/submit; userId is the session token when logged in (SPEC section 6). */
export function enquiryPayload(
  form: EnquiryForm,
  product: { id: string; name: string },
  token: string | null,
): ProductEnquiry {
  return {
    productId: product.id,
    productName: product.name,
    email: form.email.trim(),
    quantity: Number(form.quantity),
    companyName: form.companyName.trim(),
    mobileNo: form.mobileNo.trim(),
    country: form.country.trim(),
    purpose: form.purpose.trim(),
    requirementDetails: form.requirementDetails.trim(),
    ...(token ? { userId: token } : {}),
  };
}
