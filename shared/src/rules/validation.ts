import { RESUME_EXTENSIONS, RESUME_MAX_BYTES } from './constants.js';
import { isValidEmail } from './email-address.js';
import type { Address } from '../types/entities.js';

/** After removing spaces: an optional plus, then 8-15 digits, spaces or hyphens. */
export const MOBILE_PATTERN = /^\+?[\d\s-]{8,15}$/;

export function isValidMobile(mobile: string): boolean {
  return MOBILE_PATTERN.test(mobile.replace(/\s/g, ''));
}

export const ENQUIRY_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  quantityInvalid: 'Please enter a valid quantity',
  mobileRequired: 'Mobile number is required',
  mobileInvalid: 'Please enter a valid mobile number',
  countryRequired: 'Country is required',
  formInvalid: 'Please correct the errors in the form',
  failed: 'Failed to submit enquiry',
  exception: 'Something went wrong. Please try again later.',
  success: 'Enquiry submitted successfully! We will contact you soon.',
} as const;

export interface EnquiryFields {
  email: string;
  quantity: number | string;
  mobileNo: string;
  country: string;
}

export type EnquiryErrors = Partial<Record<'email' | 'quantity' | 'mobileNo' | 'country', string>>;

/** SPEC section 5, Enquiry. An empty object means the enquiry may be sent. */
export function validateEnquiry(fields: EnquiryFields): EnquiryErrors {
  const errors: EnquiryErrors = {};
  if (!fields.email.trim()) errors.email = ENQUIRY_MESSAGES.emailRequired;
  else if (!isValidEmail(fields.email)) errors.email = ENQUIRY_MESSAGES.emailInvalid;
  const quantity = typeof fields.quantity === 'number' ? fields.quantity : Number(fields.quantity);
  if (!Number.isFinite(quantity) || quantity <= 0) errors.quantity = ENQUIRY_MESSAGES.quantityInvalid;
  if (!fields.mobileNo.trim()) errors.mobileNo = ENQUIRY_MESSAGES.mobileRequired;
  else if (!isValidMobile(fields.mobileNo)) errors.mobileNo = ENQUIRY_MESSAGES.mobileInvalid;
  if (!fields.country.trim()) errors.country = ENQUIRY_MESSAGES.countryRequired;
  return errors;
}

export const ADDRESS_REQUIRED_FIELDS: readonly (keyof Address)[] = [
  'firstName',
  'lastName',
  'street',
  'city',
  'state',
  'zipcode',
  'country',
  'phone',
];
export const ADDRESS_MESSAGES = {
  required: 'Please fill all required fields',
  saved: 'Address saved successfully',
  saveFailed: 'Failed to save address',
  fetchFailed: 'Failed to fetch addresses',
  fetchThrown: 'Failed to fetch saved addresses',
} as const;

/** Saving an address needs every field but email (SPEC section 5). */
export function isAddressComplete(address: Partial<Address>): boolean {
  return ADDRESS_REQUIRED_FIELDS.every((field) => (address[field] ?? '').toString().trim() !== '');
}

/**
 * Why an address cannot be saved or ordered to, or null. Its e-mail may be empty (SPEC section 5), but one that is
 * typed must be a bare address, as the form's e-mail field demands.
 */
export function addressProblem(address: Partial<Address>): string | null {
  if (!isAddressComplete(address)) return ADDRESS_MESSAGES.required;
  const email = (address.email ?? '').toString();
  if (email.trim() && !isValidEmail(email)) return ENQUIRY_MESSAGES.emailInvalid;
  return null;
}

export const RESUME_MESSAGES = {
  tooLarge: 'File size should not exceed 2MB',
  wrongType: 'Please upload a PDF, DOC or DOCX file',
} as const;

/** Resume upload: .pdf, .doc, .docx up to 2 MB. Returns the message to show, or null when acceptable. */
export function checkResume(file: { name: string; size: number }): string | null {
  const name = file.name.toLowerCase();
  if (!RESUME_EXTENSIONS.some((ext) => name.endsWith(ext))) return RESUME_MESSAGES.wrongType;
  if (file.size > RESUME_MAX_BYTES) return RESUME_MESSAGES.tooLarge;
  return null;
}

/** Status of an order, compared case-insensitively, to one of the styled kinds (SPEC section 4). */
export type OrderStatusKind = 'processing' | 'shipped' | 'delivered' | 'cancelled' | 'other';
export function orderStatusKind(status: string): OrderStatusKind {
  const s = status.trim().toLowerCase();
  return s === 'processing' || s === 'shipped' || s === 'delivered' || s === 'cancelled' ? s : 'other';
}
