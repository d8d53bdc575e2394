import { useCallback, useId, useState, type FocusEvent } from 'react';
import type { FieldAria, FormErrors } from './use-form.js';

/**
 * What an uncontrolled field gets: id, name, the value it starts with, and aria-invalid / aria-describedby when in
 * error. Its value lives in the page (the element), never in React's state: text typed before, during or after
 * hydration cannot be put back by a render. Blur checks the field once it has been edited (or shows an error);
 * an edit clears its error.
 */
export interface DomFieldProps extends FieldAria {
  id: string;
  name: string;
  defaultValue: string;
  onBlur: (event: FocusEvent<FieldElement>) => void;
  onChange: () => void;
}

type FieldElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** F: the text fields, read from the form element; X: fields whose value lives elsewhere (a file, a prop). */
export interface UseDomFormOptions<F extends { [K in keyof F]: string }, X extends string = never> {
  /** The fields and the values they start with (and return to on reset). */
  initial: F;
  /**
   * One of the shared validators (or the section's own): the errors of the values, by field. Without one, only
   * the browser checks the fields (required, type="email") and `check()` answers the values.
   */
  validate?: (values: F) => FormErrors<F, X>;
  /** Where the first error is looked for on submit; default: the order of `initial`'s fields. */
  order?: readonly ((keyof F & string) | X)[];
  /** The ids' stem (`${idPrefix}-${name}`, its error `${idPrefix}-${name}-error`); default a unique one. */
  idPrefix?: string;
}

export interface UseDomFormResult<F extends { [K in keyof F]: string }, X extends string = never> {
  errors: FormErrors<F, X>;
  /** Shows errors found elsewhere (a rule checked later, the server's refusal, a file), by field. */
  setErrors: (update: FormErrors<F, X> | ((current: FormErrors<F, X>) => FormErrors<F, X>)) => void;
  /** Clears one field's error (a field whose value the form does not read, when it changes). */
  clearError: (name: (keyof F & string) | X) => void;
  /** The props of a text field; `describedBy`: a hint's id, read after the error. */
  field: (name: keyof F & string, describedBy?: string) => DomFieldProps;
  /** aria-invalid / aria-describedby alone, for a field whose value lives elsewhere (a file input, a prop). */
  aria: (name: (keyof F & string) | X, describedBy?: string) => FieldAria;
  fieldId: (name: (keyof F & string) | X) => string;
  errorId: (name: (keyof F & string) | X) => string;
  /**
   * The values the form element holds now (its FormData); a field it does not hold (not shown in this mode) is
   * taken from `absent`, else ''.
   */
  read: (form: HTMLFormElement | null, absent?: Partial<F>) => F;
  /** Validates what the form element holds: the values, or null with the errors shown and the first in focus. */
  check: (form: HTMLFormElement) => F | null;
  /** The form element's fields back to their first values, no errors. */
  reset: (form: HTMLFormElement) => void;
}

/**
 * A form whose values live in the page (uncontrolled fields read with FormData on blur and submit, as a form
 * without script would send them), around a validator: the errors, the props of each field (every input tied to
 * its error message for screen readers), and on submit the focus on the first field in error.
 */
export function useDomForm<F extends { [K in keyof F]: string }, X extends string = never>({
  initial,
  validate,
  order,
  idPrefix,
}: UseDomFormOptions<F, X>): UseDomFormResult<F, X> {
  type Name = (keyof F & string) | X;
  const generated = useId();
  const prefix = idPrefix ?? generated;
  const [errors, setErrors] = useState<FormErrors<F, X>>({});
  const names = Object.keys(initial) as (keyof F & string)[];

  const fieldId = (name: Name) => `${prefix}-${name}`;
  const errorId = (name: Name) => `${prefix}-${name}-error`;

  const read = (form: HTMLFormElement | null, absent?: Partial<F>): F => {
    const data = form ? new FormData(form) : null;
    return Object.fromEntries(
      names.map((name) => {
        const value = data?.get(name);
        return [name, typeof value === 'string' ? value : (absent?.[name] ?? '')];
      }),
    ) as F;
  };

  const showOnly = useCallback(
    (name: Name, message: string | undefined) =>
      setErrors((current) => {
        if (current[name] === message) return current;
        const { [name]: _old, ...rest } = current;
        return (message ? { ...rest, [name]: message } : rest) as FormErrors<F, X>;
      }),
    [],
  );
  const clearError = useCallback((name: Name) => showOnly(name, undefined), [showOnly]);

  const aria = (name: Name, describedBy?: string): FieldAria => {
    const ids = [errors[name] ? errorId(name) : undefined, describedBy].filter(Boolean).join(' ');
    return {
      'aria-invalid': errors[name] ? true : undefined,
      'aria-describedby': ids || undefined,
    };
  };

  const field = (name: keyof F & string, describedBy?: string): DomFieldProps => ({
    id: fieldId(name),
    name,
    defaultValue: initial[name],
    ...aria(name, describedBy),
    onBlur: (event) => {
      const values = read(event.currentTarget.form);
      // Tabbing through an untouched field says nothing; an edited one, or one in error, is checked.
      if (!validate || (values[name] === initial[name] && !errors[name])) return;
      showOnly(name, validate(values)[name] || undefined);
    },
    onChange: () => clearError(name),
  });

  const check = (form: HTMLFormElement): F | null => {
    const values = read(form);
    const shown = Object.fromEntries(
      Object.entries(validate?.(values) ?? {}).filter(([, message]) => message),
    ) as FormErrors<F, X>;
    setErrors(shown);
    const first = (order ?? names).find((name) => shown[name]);
    if (first === undefined) return Object.keys(shown).length === 0 ? values : null;
    document.getElementById(fieldId(first))?.focus();
    return null;
  };

  const reset = (form: HTMLFormElement) => {
    form.reset();
    setErrors({});
  };

  return { errors, setErrors, clearError, field, aria, fieldId, errorId, read, check, reset };
}
