import { useCallback, useId, useState, type ChangeEvent } from 'react';

type FieldElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
/** The errors by field: the form's text fields, and X, the fields whose value lives elsewhere (a file, a prop). */
export type FormErrors<F, X extends string = never> = Partial<
  Record<(keyof F & string) | X, string | undefined>
>;

export interface UseFormOptions<F extends { [K in keyof F]: string }, X extends string = never> {
  initial: F;
  /**
   * One of the shared validators (or the section's own): the errors of the values, by field. Without one, only
   * the browser checks the fields (required, type="email") and `check()` always answers true.
   */
  validate?: (values: F) => FormErrors<F, X>;
  /** Where the first error is looked for on submit; default: the order of `initial`'s fields. */
  order?: readonly ((keyof F & string) | X)[];
  /** The ids' stem (`${idPrefix}-${name}`, its error `${idPrefix}-${name}-error`); default a unique one. */
  idPrefix?: string;
}

/** What a field's element gets to be tied to its error: aria-invalid and aria-describedby when in error. */
export interface FieldAria {
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** What a field's input gets: id, name, value, onChange, and aria-invalid / aria-describedby when in error. */
export interface FieldProps extends FieldAria {
  id: string;
  name: string;
  value: string;
  onChange: (event: ChangeEvent<FieldElement>) => void;
}

export interface UseFormResult<F extends { [K in keyof F]: string }, X extends string = never> {
  values: F;
  errors: FormErrors<F, X>;
  /** Sets a field's value; its error (only its own) clears. */
  set: (name: keyof F & string, value: string) => void;
  setErrors: (update: FormErrors<F, X> | ((current: FormErrors<F, X>) => FormErrors<F, X>)) => void;
  /** Clears one field's error (a field whose value the form does not hold, when it changes). */
  clearError: (name: (keyof F & string) | X) => void;
  /** The props of a text field; `describedBy`: a hint's id, read after the error. */
  field: (name: keyof F & string, describedBy?: string) => FieldProps;
  /** aria-invalid / aria-describedby alone, for a field whose value lives elsewhere (a file input, a prop). */
  aria: (name: (keyof F & string) | X, describedBy?: string) => FieldAria;
  fieldId: (name: (keyof F & string) | X) => string;
  errorId: (name: (keyof F & string) | X) => string;
  /** Validates; with errors, shows them, focuses the first field in error and answers false. */
  check: () => boolean;
  /** Back to the initial values, no errors. */
  reset: () => void;
}

/**
 * A form's state around a validator: the values, the errors, the props of each field (so every input is tied to
 * its error message for screen readers), one error cleared as its field is edited, and on submit the focus on
 * the first field in error.
 */
export function useForm<F extends { [K in keyof F]: string }, X extends string = never>({
  initial,
  validate,
  order,
  idPrefix,
}: UseFormOptions<F, X>): UseFormResult<F, X> {
  type Name = (keyof F & string) | X;
  const generated = useId();
  const prefix = idPrefix ?? generated;
  const [values, setValues] = useState<F>(initial);
  const [errors, setErrors] = useState<FormErrors<F, X>>({});

  const fieldId = (name: Name) => `${prefix}-${name}`;
  const errorId = (name: Name) => `${prefix}-${name}-error`;

  const clearError = useCallback((name: Name) => {
    setErrors((current) => {
      if (!current[name]) return current;
      const { [name]: _cleared, ...rest } = current;
      return rest as FormErrors<F, X>;
    });
  }, []);

  const set = useCallback(
    (name: keyof F & string, value: string) => {
      setValues((current) => ({ ...current, [name]: value }));
      clearError(name);
    },
    [clearError],
  );

  const aria = (name: Name, describedBy?: string): FieldAria => {
    const ids = [errors[name] ? errorId(name) : undefined, describedBy].filter(Boolean).join(' ');
    return {
      'aria-invalid': errors[name] ? true : undefined,
      'aria-describedby': ids || undefined,
    };
  };

  const field = (name: keyof F & string, describedBy?: string): FieldProps => ({
    id: fieldId(name),
    name,
    value: values[name] ?? '',
    onChange: (event) => set(name, event.target.value),
    ...aria(name, describedBy),
  });

  const check = (): boolean => {
    const found = validate?.(values) ?? {};
    const shown = Object.fromEntries(Object.entries(found).filter(([, message]) => message)) as FormErrors<
      F,
      X
    >;
    setErrors(shown);
    const first = (order ?? (Object.keys(initial) as Name[])).find((name) => shown[name]);
    if (first === undefined) return Object.keys(shown).length === 0;
    document.getElementById(fieldId(first))?.focus();
    return false;
  };

  const reset = () => {
    setValues(initial);
    setErrors({});
  };

  return { values, errors, set, setErrors, clearError, field, aria, fieldId, errorId, check, reset };
}
