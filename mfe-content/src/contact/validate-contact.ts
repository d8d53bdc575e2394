import { ENQUIRY_MESSAGES, isValidEmail, isValidMobile, type ContactMessageBody } from '@metrology/shared';

/** The form's fields: the contract's body of POST /api/contact/submit, requirement held as '' when left empty. */
export type ContactFields = Required<ContactMessageBody>;

export type ContactErrors = Partial<Record<keyof ContactFields, string>>;

export const CONTACT_MESSAGES = {
  productRequired: 'Product is required',
  nameRequired: 'Name is required',
  enquiryDetailsRequired: 'Enquiry details are required',
  submittedTitle: 'Enquiry Submitted',
  submittedText: "Thank you for contacting us. We'll get back to you shortly.",
} as const;

export const EMPTY_CONTACT: ContactFields = {
  product: '',
  name: '',
  email: '',
  mobile: '',
  enquiryDetails: '',
  requirement: '',
};

/** SPEC section 5, Contact form: product, name, email, mobile and enquiry details are required. */
export function validateContact(fields: ContactFields): ContactErrors {
  const errors: ContactErrors = {};
  if (!fields.product.trim()) errors.product = CONTACT_MESSAGES.productRequired;
  if (!fields.name.trim()) errors.name = CONTACT_MESSAGES.nameRequired;
  if (!fields.email.trim()) errors.email = ENQUIRY_MESSAGES.emailRequired;
  else if (!isValidEmail(fields.email)) errors.email = ENQUIRY_MESSAGES.emailInvalid;
  if (!fields.mobile.trim()) errors.mobile = ENQUIRY_MESSAGES.mobileRequired;
  else if (!isValidMobile(fields.mobile)) errors.mobile = ENQUIRY_MESSAGES.mobileInvalid;
  if (!fields.enquiryDetails.trim()) errors.enquiryDetails = CONTACT_MESSAGES.enquiryDetailsRequired;
  return errors;
}
