import type { FormEvent } from 'react';
import { Select, TOAST_AUTO_HIDE_MS, notifyTitled, useDomForm } from '@metrology/shared';
import { EmailField } from '@metrology/shared/controls';
import { useSubmitContactMutation } from './contact-api';
import { CONTACT_MESSAGES, EMPTY_CONTACT, validateContact, type ContactFields } from './validate-contact';

const REQUIREMENTS = ['Quotation', 'Product demonstration', 'Calibration', 'Service or repair', 'Other'];
const FIELD_ORDER: (keyof ContactFields)[] = ['product', 'name', 'email', 'mobile', 'enquiryDetails'];

/**
 * The contact page's enquiry form: checked in the browser and confirmed with SPEC's toast; the
 * message is also sent to the API so it reaches the staff's inbox (the toast does not wait for it). Its values
 * live in the page (read with FormData on blur and submit): what is typed before, during or after hydration stays.
 */
export function ContactForm() {
  const [submitContact] = useSubmitContactMutation();
  const form = useDomForm({
    initial: EMPTY_CONTACT,
    validate: validateContact,
    order: FIELD_ORDER,
    idPrefix: 'contact',
  });
  const { field, errors } = form;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Errors show under their fields and the focus goes to the first; a field's error clears as it is edited.
    const values = form.check(event.currentTarget);
    if (!values) return;
    submitContact(values)
      .unwrap()
      .catch((error: unknown) => console.error('The contact message could not be stored', error));
    notifyTitled('success', CONTACT_MESSAGES.submittedTitle, CONTACT_MESSAGES.submittedText, {
      autoHideDuration: TOAST_AUTO_HIDE_MS,
    });
    form.reset(event.currentTarget);
  };

  const error = (name: keyof ContactFields) =>
    errors[name] ? (
      <span id={form.errorId(name)} className="ms-field__error">
        {errors[name]}
      </span>
    ) : null;

  return (
    <form className="content-form" onSubmit={onSubmit} noValidate aria-labelledby="contact-form-title">
      <h2 id="contact-form-title">Send us an enquiry</h2>
      <p className="content-form__note">
        Fields marked <span aria-hidden="true">*</span>
        <span className="ms-visually-hidden">required</span> are required.
      </p>
      <div className="ms-field">
        <label htmlFor="contact-product">
          Product <span aria-hidden="true">*</span>
        </label>
        <input className="ms-input" type="text" required autoComplete="off" {...field('product')} />
        {error('product')}
      </div>
      <div className="ms-field-row">
        <div className="ms-field">
          <label htmlFor="contact-name">
            Name <span aria-hidden="true">*</span>
          </label>
          <input className="ms-input" type="text" required autoComplete="name" {...field('name')} />
          {error('name')}
        </div>
        <EmailField
          field={field('email')}
          error={errors.email}
          errorId={form.errorId('email')}
          required
          marked
        />
      </div>
      <div className="ms-field-row">
        <div className="ms-field">
          <label htmlFor="contact-mobile">
            Mobile <span aria-hidden="true">*</span>
          </label>
          <input className="ms-input" type="tel" required autoComplete="tel" {...field('mobile')} />
          {error('mobile')}
        </div>
        <div className="ms-field">
          <label htmlFor="contact-requirement">Requirement (optional)</label>
          <Select {...field('requirement')} emptyLabel="Choose a requirement" options={REQUIREMENTS} />
        </div>
      </div>
      <div className="ms-field">
        <label htmlFor="contact-enquiryDetails">
          Enquiry details <span aria-hidden="true">*</span>
        </label>
        <textarea className="ms-textarea" rows={5} required {...field('enquiryDetails')} />
        {error('enquiryDetails')}
      </div>
      <button type="submit" className="ms-button">
        Submit Enquiry
      </button>
    </form>
  );
}
