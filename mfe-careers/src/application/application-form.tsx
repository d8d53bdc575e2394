import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import {
  RESUME_EXTENSIONS,
  Select,
  TOAST_AUTO_HIDE_MS,
  checkResume,
  notify,
  type JobOpening,
  serverMessage,
  useDomForm,
  useFieldFollowing,
} from '@metrology/shared';
import { EmailField } from '@metrology/shared/controls';
import { useSubmitApplicationMutation } from './submit-application';
import {
  APPLICATION_FIELD_ORDER,
  APPLICATION_MESSAGES,
  EMPTY_APPLICATION,
  validateApplication,
  type ApplicationField,
  type ApplicationFields,
} from './validate-application';

interface Props {
  openings: readonly JobOpening[];
  /** The opening whose Apply Now opened the form. */
  position: string;
  onPositionChange: (position: string) => void;
  /** Changes with every Apply Now: the form's heading then takes focus. */
  focusKey: number;
  /** After a successful application (the form hides, and so resets) or Cancel. */
  onClose: () => void;
}

/** The fields the form holds; the position is the page's (Apply Now picks it) and the resume a file. */
type TextFields = Omit<ApplicationFields, 'position'>;
type TextField = keyof TextFields;
const { position: _position, ...EMPTY_TEXT_FIELDS } = EMPTY_APPLICATION;
const RESUME_HINT_ID = 'application-resume-hint';

/**
 * The job application: every field required, a resume of at most 2 MB, sent as multipart/form-data. The text
 * fields' values live in the page (read with FormData on blur and submit); the position is the page's.
 */
export function ApplicationForm({ openings, position, onPositionChange, focusKey, onClose }: Props) {
  const [resume, setResume] = useState<File | null>(null);
  const form = useDomForm<TextFields, 'position' | 'resume'>({
    initial: EMPTY_TEXT_FIELDS,
    validate: (fields) => validateApplication({ ...fields, position }, resume),
    order: APPLICATION_FIELD_ORDER,
    idPrefix: 'application',
  });
  // The select keeps what is chosen (uncontrolled); an Apply Now of another opening writes that one into it.
  const [positionRef] = useFieldFollowing<HTMLSelectElement>(position);
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [submit, { isLoading }] = useSubmitApplicationMutation();

  // Apply Now moves the reader to the form it opened.
  useEffect(() => {
    const heading = headingRef.current;
    heading?.focus();
    heading?.scrollIntoView?.({ block: 'start' });
  }, [focusKey]);

  const onResumeChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    const problem = file ? checkResume(file) : null;
    if (problem) {
      // A file that does not fit is not kept: the input is emptied and says why.
      event.target.value = '';
      setResume(null);
      form.setErrors((current) => ({ ...current, resume: problem }));
      return;
    }
    setResume(file);
    form.clearError('resume');
  };

  // The form element's reset empties the file input too.
  const reset = () => {
    if (formRef.current) form.reset(formRef.current);
    setResume(null);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // check() focuses the first field in error; without errors there is a resume (the validator asks for one).
    const values = form.check(event.currentTarget);
    if (!values || !resume) return;
    const sent = new FormData();
    sent.append('name', values.name.trim());
    sent.append('email', values.email.trim());
    sent.append('qualification', values.qualification.trim());
    sent.append('position', position);
    sent.append('mobile', values.mobile.trim());
    sent.append('message', values.message.trim());
    sent.append('resume', resume, resume.name);
    try {
      await submit(sent).unwrap();
      notify.success(APPLICATION_MESSAGES.success, { autoHideDuration: TOAST_AUTO_HIDE_MS });
      reset();
      onClose();
    } catch (error) {
      notify.error(serverMessage(error, APPLICATION_MESSAGES.failed));
    }
  };

  const text = (name: TextField) => ({ ...form.field(name), required: true });
  const error = (name: ApplicationField) =>
    form.errors[name] ? (
      <span id={form.errorId(name)} className="ms-field__error">
        {form.errors[name]}
      </span>
    ) : null;
  const label = (name: ApplicationField, caption: string) => (
    <label htmlFor={form.fieldId(name)}>
      {caption} <span aria-hidden="true">*</span>
    </label>
  );

  return (
    <section className="careers-apply" aria-labelledby="careers-apply-title">
      <h2 id="careers-apply-title" ref={headingRef} tabIndex={-1}>
        Apply for {position || 'a position'}
      </h2>
      <p className="careers-apply__note">All fields are required.</p>
      <form ref={formRef} onSubmit={onSubmit} noValidate aria-labelledby="careers-apply-title">
        <div className="ms-field-row">
          <div className="ms-field">
            {label('name', 'Full name')}
            <input className="ms-input" type="text" autoComplete="name" {...text('name')} />
            {error('name')}
          </div>
          <EmailField
            field={form.field('email')}
            error={form.errors.email}
            errorId={form.errorId('email')}
            required
            marked
          />
        </div>
        <div className="ms-field-row">
          <div className="ms-field">
            {label('qualification', 'Qualification')}
            <input className="ms-input" type="text" {...text('qualification')} />
            {error('qualification')}
          </div>
          <div className="ms-field">
            {label('position', 'Position')}
            <Select
              id={form.fieldId('position')}
              name="position"
              required
              ref={positionRef}
              defaultValue={position}
              onChange={(event) => {
                onPositionChange(event.target.value);
                form.clearError('position');
              }}
              {...form.aria('position')}
              emptyLabel="Choose a position"
              options={openings.map((opening) => opening.title)}
            />
            {error('position')}
          </div>
        </div>
        <div className="ms-field-row">
          <div className="ms-field">
            {label('mobile', 'Mobile number')}
            <input className="ms-input" type="tel" autoComplete="tel" {...text('mobile')} />
            {error('mobile')}
          </div>
          <div className="ms-field">
            {label('resume', 'Resume')}
            <input
              id={form.fieldId('resume')}
              name="resume"
              className="ms-input careers-apply__file"
              type="file"
              required
              accept={RESUME_EXTENSIONS.join(',')}
              onChange={onResumeChange}
              {...form.aria('resume', RESUME_HINT_ID)}
            />
            <span id={RESUME_HINT_ID} className="careers-apply__hint">
              PDF, DOC or DOCX, up to 2 MB
            </span>
            {error('resume')}
          </div>
        </div>
        <div className="ms-field">
          {label('message', 'Message')}
          <textarea className="ms-textarea" rows={5} {...text('message')} />
          {error('message')}
        </div>
        <div className="careers-apply__actions">
          <button type="submit" className="ms-button" disabled={isLoading}>
            {isLoading ? 'Submitting...' : 'Submit Application'}
          </button>
          <button type="button" className="ms-button ms-button--ghost" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}
