import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import {
  RESUME_EXTENSIONS,
  TOAST_AUTO_HIDE_MS,
  checkResume,
  notify,
  type JobOpening,
  serverMessage,
} from '@metrology/shared';
import { useSubmitApplicationMutation } from './submit-application';
import {
  APPLICATION_FIELD_ORDER,
  APPLICATION_MESSAGES,
  EMPTY_APPLICATION,
  validateApplication,
  type ApplicationErrors,
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

type TextField = Exclude<ApplicationField, 'resume' | 'position'>;

/** The job application: every field required, a resume of at most 2 MB, sent as multipart/form-data. */
export function ApplicationForm({ openings, position, onPositionChange, focusKey, onClose }: Props) {
  const [fields, setFields] = useState<Omit<ApplicationFields, 'position'>>(EMPTY_APPLICATION);
  const [resume, setResume] = useState<File | null>(null);
  const [errors, setErrors] = useState<ApplicationErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const resumeRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [submit, { isLoading }] = useSubmitApplicationMutation();

  // Apply Now moves the reader to the form it opened.
  useEffect(() => {
    const heading = headingRef.current;
    heading?.focus();
    heading?.scrollIntoView?.({ block: 'start' });
  }, [focusKey]);

  const clearError = (name: ApplicationField) =>
    setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));

  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const name = event.target.name as TextField;
    setFields((current) => ({ ...current, [name]: event.target.value }));
    clearError(name);
  };

  const onResumeChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    const problem = file ? checkResume(file) : null;
    if (problem) {
      // A file that does not fit is not kept: the input is emptied and says why.
      event.target.value = '';
      setResume(null);
      setErrors((current) => ({ ...current, resume: problem }));
      return;
    }
    setResume(file);
    clearError('resume');
  };

  const reset = () => {
    setFields(EMPTY_APPLICATION);
    setResume(null);
    setErrors({});
    if (resumeRef.current) resumeRef.current.value = '';
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateApplication({ ...fields, position }, resume);
    setErrors(found);
    const first = APPLICATION_FIELD_ORDER.find((name) => found[name]);
    if (first || !resume) {
      formRef.current?.querySelector<HTMLElement>(`[name="${first ?? 'resume'}"]`)?.focus();
      return;
    }
    const form = new FormData();
    form.append('name', fields.name.trim());
    form.append('email', fields.email.trim());
    form.append('qualification', fields.qualification.trim());
    form.append('position', position);
    form.append('mobile', fields.mobile.trim());
    form.append('message', fields.message.trim());
    form.append('resume', resume, resume.name);
    try {
      await submit(form).unwrap();
      notify.success(APPLICATION_MESSAGES.success, { autoHideDuration: TOAST_AUTO_HIDE_MS });
      reset();
      onClose();
    } catch (error) {
      notify.error(serverMessage(error, APPLICATION_MESSAGES.failed));
    }
  };

  const describedBy = (name: ApplicationField, hint?: string) =>
    [hint, errors[name] ? `application-${name}-error` : undefined].filter(Boolean).join(' ') || undefined;
  const text = (name: TextField) => ({
    id: `application-${name}`,
    name,
    value: fields[name],
    onChange,
    required: true,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': describedBy(name),
  });
  const error = (name: ApplicationField) =>
    errors[name] ? (
      <span id={`application-${name}-error`} className="ms-field__error">
        {errors[name]}
      </span>
    ) : null;
  const label = (name: ApplicationField, caption: string) => (
    <label htmlFor={`application-${name}`}>
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
        <div className="careers-apply__row">
          <div className="ms-field">
            {label('name', 'Full name')}
            <input className="ms-input" type="text" autoComplete="name" {...text('name')} />
            {error('name')}
          </div>
          <div className="ms-field">
            {label('email', 'Email')}
            <input className="ms-input" type="email" autoComplete="email" {...text('email')} />
            {error('email')}
          </div>
        </div>
        <div className="careers-apply__row">
          <div className="ms-field">
            {label('qualification', 'Qualification')}
            <input className="ms-input" type="text" {...text('qualification')} />
            {error('qualification')}
          </div>
          <div className="ms-field">
            {label('position', 'Position')}
            <select
              id="application-position"
              name="position"
              className="ms-select"
              required
              value={position}
              onChange={(event) => {
                onPositionChange(event.target.value);
                clearError('position');
              }}
              aria-invalid={errors.position ? true : undefined}
              aria-describedby={describedBy('position')}
            >
              <option value="">Choose a position</option>
              {openings.map((opening) => (
                <option key={opening._id} value={opening.title}>
                  {opening.title}
                </option>
              ))}
            </select>
            {error('position')}
          </div>
        </div>
        <div className="careers-apply__row">
          <div className="ms-field">
            {label('mobile', 'Mobile number')}
            <input className="ms-input" type="tel" autoComplete="tel" {...text('mobile')} />
            {error('mobile')}
          </div>
          <div className="ms-field">
            {label('resume', 'Resume')}
            <input
              ref={resumeRef}
              id="application-resume"
              name="resume"
              className="ms-input careers-apply__file"
              type="file"
              required
              accept={RESUME_EXTENSIONS.join(',')}
              onChange={onResumeChange}
              aria-invalid={errors.resume ? true : undefined}
              aria-describedby={describedBy('resume', 'application-resume-hint')}
            />
            <span id="application-resume-hint" className="careers-apply__hint">
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
