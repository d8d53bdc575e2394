import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  CloseButton,
  Dialog,
  DialogTitle,
  ENQUIRY_MESSAGES,
  loginDialogOpened,
  notify,
  selectToken,
  useAppDispatch,
  useAppSelector,
  useDomForm,
  type DomFieldProps,
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

/**
 * The enquiry dialog (SPEC): closed, open, submitting. On success it closes and the form resets; on failure
 * it stays open with what was typed. The values live in the fields (read with FormData when sent); closing it
 * otherwise keeps them for the next opening.
 */
export function EnquiryDialog({ open, onClose, productId, productName }: EnquiryDialogProps) {
  const token = useAppSelector(selectToken);
  const dispatch = useAppDispatch();
  const [kept, setKept] = useState(EMPTY_ENQUIRY);
  const enquiry = useDomForm<EnquiryForm>({
    initial: kept,
    validate: checkEnquiry,
    order: ['email', 'quantity', 'mobileNo', 'country'],
  });
  const [submitEnquiry, { isLoading: submitting }] = useSubmitEnquiryMutation();
  const firstFieldRef = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  if (!open) return null;

  // Closed without sending: what was typed is there when it opens again.
  const close = () => {
    if (formRef.current) setKept(enquiry.read(formRef.current));
    onClose();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    // Errors show under their fields, the focus goes to the first; a field's error clears as it is edited.
    const values = enquiry.check(event.currentTarget);
    if (!values) {
      notify.error(ENQUIRY_MESSAGES.formInvalid);
      return;
    }
    try {
      const outcome = await submitEnquiry(
        enquiryPayload(values, { id: productId, name: productName }, token),
      ).unwrap();
      if (outcome.sent) {
        notify.success(outcome.message);
        setKept(EMPTY_ENQUIRY);
        enquiry.setErrors({});
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
    input: (props: DomFieldProps) => ReactNode,
    hint?: string,
  ) => {
    const props = enquiry.field(name);
    const error = enquiry.errors[name];
    return (
      <div className="ms-field">
        <label htmlFor={props.id}>
          {label}
          {hint ? <span className="catalog-dialog__hint"> {hint}</span> : null}
        </label>
        {input(props)}
        {error ? (
          <p id={enquiry.errorId(name)} className="ms-field__error">
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <Dialog
      onClose={close}
      busy={submitting}
      initialFocus={firstFieldRef}
      className="catalog-dialog"
      backdropClassName="catalog-dialog__backdrop"
    >
      <div className="catalog-dialog__header">
        <div>
          <DialogTitle>Send Enquiry</DialogTitle>
          <p className="catalog-dialog__product">{productName}</p>
        </div>
        <CloseButton className="catalog-dialog__close" onClose={close} />
      </div>
      <form
        ref={formRef}
        noValidate
        onSubmit={(event) => void submit(event)}
        className="catalog-dialog__form"
      >
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
          <button type="button" className="ms-button ms-button--ghost" onClick={close}>
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
