import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  Dialog,
  ENQUIRY_MESSAGES,
  loginDialogOpened,
  notify,
  selectToken,
  useAppDispatch,
  useAppSelector,
  type EnquiryErrors,
} from '@metrology/shared';
import { useSubmitEnquiryMutation } from '../endpoints/submit-enquiry';
import {
  EMPTY_ENQUIRY,
  checkEnquiry,
  enquiryPayload,
  type EnquiryField,
  type EnquiryForm,
} from './enquiry-form';

export interface EnquiryDialogProps {
  open: boolean;
  onClose: () => void;
  productId: string;
  productName: string;
}

type FieldErrors = Partial<Record<EnquiryField, string>>;

/**
 * The enquiry dialog (SPEC): closed, open, submitting. On success it closes and the form resets; on failure
 * it stays open with what was typed.
 */
export function EnquiryDialog({ open, onClose, productId, productName }: EnquiryDialogProps) {
  const token = useAppSelector(selectToken);
  const dispatch = useAppDispatch();
  const [form, setForm] = useState<EnquiryForm>(EMPTY_ENQUIRY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitEnquiry, { isLoading: submitting }] = useSubmitEnquiryMutation();
  const firstFieldRef = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const ids = useId();

  if (!open) return null;

  const edit = (field: EnquiryField, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    // A field's error clears when that field is edited (SPEC section 5).
    setErrors((current) => {
      if (!(field in current)) return current;
      const { [field]: _cleared, ...rest } = current;
      return rest;
    });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const found: EnquiryErrors = checkEnquiry(form);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      notify.error(ENQUIRY_MESSAGES.formInvalid);
      const first = (['email', 'quantity', 'mobileNo', 'country'] as const).find((field) => found[field]);
      if (first) document.getElementById(`${ids}-${first}`)?.focus();
      return;
    }
    try {
      const outcome = await submitEnquiry(
        enquiryPayload(form, { id: productId, name: productName }, token),
      ).unwrap();
      if (outcome.sent) {
        notify.success(outcome.message);
        setForm(EMPTY_ENQUIRY);
        setErrors({});
        onClose();
      } else {
        notify.error(outcome.message);
      }
    } catch (error) {
      console.error('Enquiry failed', error);
      notify.error(ENQUIRY_MESSAGES.exception);
    }
  };

  const field = (
    name: EnquiryField,
    label: string,
    input: (props: FieldProps) => ReactNode,
    hint?: string,
  ) => {
    const id = `${ids}-${name}`;
    const error = errors[name];
    return (
      <div className="ms-field">
        <label htmlFor={id}>
          {label}
          {hint ? <span className="catalog-dialog__hint"> {hint}</span> : null}
        </label>
        {input({
          id,
          name,
          value: form[name],
          'aria-invalid': error ? true : undefined,
          'aria-describedby': error ? `${id}-error` : undefined,
          onChange: (event) => edit(name, event.target.value),
        })}
        {error ? (
          <p id={`${id}-error`} className="ms-field__error">
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <Dialog
      onClose={onClose}
      busy={submitting}
      labelledBy={titleId}
      initialFocus={firstFieldRef}
      className="catalog-dialog"
      backdropClassName="catalog-dialog__backdrop"
    >
      <div className="catalog-dialog__header">
        <div>
          <h2 id={titleId}>Send Enquiry</h2>
          <p className="catalog-dialog__product">{productName}</p>
        </div>
        <button type="button" className="catalog-dialog__close" aria-label="Close" onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <form noValidate onSubmit={(event) => void submit(event)} className="catalog-dialog__form">
        {field('email', 'Email', (props) => (
          <input {...props} ref={firstFieldRef} className="ms-input" type="email" autoComplete="email" />
        ))}
        {field('quantity', 'Quantity', (props) => (
          <input {...props} className="ms-input" type="number" min={1} step={1} inputMode="numeric" />
        ))}
        {field(
          'companyName',
          'Company Name',
          (props) => (
            <input {...props} className="ms-input" type="text" autoComplete="organization" />
          ),
          '(optional)',
        )}
        {field('mobileNo', 'Mobile Number', (props) => (
          <input {...props} className="ms-input" type="tel" autoComplete="tel" />
        ))}
        {field('country', 'Country', (props) => (
          <input {...props} className="ms-input" type="text" autoComplete="country-name" />
        ))}
        {field(
          'purpose',
          'Purpose',
          (props) => (
            <input {...props} className="ms-input" type="text" />
          ),
          '(optional)',
        )}
        {field(
          'requirementDetails',
          'Requirement Details',
          (props) => (
            <textarea {...props} className="ms-textarea" rows={4} />
          ),
          '(optional)',
        )}
        <div className="catalog-dialog__actions">
          <button type="button" className="ms-button ms-button--ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="ms-button" disabled={submitting}>
            {submitting ? 'Submitting...' : 'Submit Enquiry'}
          </button>
        </div>
      </form>
      {token ? null : (
        // The API links an enquiry to the account whose token comes with it; the shell's login dialog
        // opens over this one, and closing it brings the focus back here.
        <p className="catalog-dialog__login">
          Have an account?{' '}
          <button type="button" onClick={() => dispatch(loginDialogOpened())}>
            Log in to link this enquiry to it
          </button>
        </p>
      )}
    </Dialog>
  );
}

interface FieldProps {
  id: string;
  name: EnquiryField;
  value: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  onChange: (event: { target: { value: string } }) => void;
}
