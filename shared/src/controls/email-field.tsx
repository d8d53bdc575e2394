import type { Ref } from 'react';
// The main entry by its package name, not a relative path: the singleton, not a second copy in this chunk.
import type { DomFieldProps, FieldProps } from '@metrology/shared';

export interface EmailFieldProps {
  /**
   * The form's props for the field (`form.field('email')`): id, name, the value (held by the form's state, or by
   * the page for a form of `useDomForm`) and the error's aria.
   */
  field: FieldProps | DomFieldProps;
  /** The message shown under the field, tied to it by `errorId`; none where only the browser checks the field. */
  error?: string | undefined;
  errorId?: string;
  required?: boolean;
  /** An asterisk after the label, hidden from screen readers (they hear "required"), in forms that mark them. */
  marked?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The e-mail field of the shop's forms: its label, an email input the browser can fill in (autocomplete) and,
 * when the form's validator found a problem, the message under it.
 */
export function EmailField({ field, error, errorId, required, marked = false, inputRef }: EmailFieldProps) {
  return (
    <div className="ms-field">
      <label htmlFor={field.id}>
        {marked ? (
          <>
            Email <span aria-hidden="true">*</span>
          </>
        ) : (
          'Email'
        )}
      </label>
      <input
        ref={inputRef}
        className="ms-input"
        type="email"
        autoComplete="email"
        required={required}
        {...field}
      />
      {error ? (
        <span id={errorId} className="ms-field__error">
          {error}
        </span>
      ) : null}
    </div>
  );
}
