import { ENQUIRY_MESSAGES, isValidEmail, isValidMobile } from '@metrology/shared';

export interface ApplicationFields {
  name: string;
  email: string;
  qualification: string;
  position: string;
  mobile: string;
  message: string;
}

export type ApplicationField = keyof ApplicationFields | 'resume';
export type ApplicationErrors = Partial<Record<ApplicationField, string>>;

export const APPLICATION_MESSAGES = {
  nameRequired: 'Name is required',
  qualificationRequired: 'Qualification is required',
  positionRequired: 'Position is required',
  resumeRequired: 'Resume is required',
  messageRequired: 'Message is required',
  success: "Thank you for your interest. We'll review your application and get back to you soon.",
  failed: 'Failed to submit application. Please try again.',
} as const;

export const EMPTY_APPLICATION: ApplicationFields = {
  name: '',
  email: '',
  qualification: '',
  position: '',
  mobile: '',
  message: '',
};

/** The order errors are met in, top to bottom: the first one gets focus. */
export const APPLICATION_FIELD_ORDER: readonly ApplicationField[] = [
  'name',
  'email',
  'qualification',
  'position',
  'mobile',
  'resume',
  'message',
];

/** SPEC section 5, Job application: every field is required; e-mail and mobile must look right. */
export function validateApplication(fields: ApplicationFields, resume: File | null): ApplicationErrors {
  const errors: ApplicationErrors = {};
  if (!fields.name.trim()) errors.name = APPLICATION_MESSAGES.nameRequired;
  if (!fields.email.trim()) errors.email = ENQUIRY_MESSAGES.emailRequired;
  else if (!isValidEmail(fields.email)) errors.email = ENQUIRY_MESSAGES.emailInvalid;
  if (!fields.qualification.trim()) errors.qualification = APPLICATION_MESSAGES.qualificationRequired;
  if (!fields.position.trim()) errors.position = APPLICATION_MESSAGES.positionRequired;
  if (!fields.mobile.trim()) errors.mobile = ENQUIRY_MESSAGES.mobileRequired;
  else if (!isValidMobile(fields.mobile)) errors.mobile = ENQUIRY_MESSAGES.mobileInvalid;
  if (!resume) errors.resume = APPLICATION_MESSAGES.resumeRequired;
  if (!fields.message.trim()) errors.message = APPLICATION_MESSAGES.messageRequired;
  return errors;
}
