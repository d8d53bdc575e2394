import { useCallback, useId, useState, type ChangeEvent } from 'react';

type FieldElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
export type FormErrors<F> = Partial<Record<keyof F & string, string | undefined>>;

export interface UseFormOptions<F extends { [K in keyof F]: string }> {
  initial: F;
  /** One of the shared validators (or the section's own): the errors of the values, by field. */
  validate: (values: F) => FormErrors<F>;
  /** Where the first error is looked for on submit; default: the order of `initial`'s fields. */
  order?: readonly (keyof F & string)[];
  /** The ids' stem (`${idPrefix}-${name}`, its error `${idPrefix}-${name}-error`); default a unique one. */
  idPrefix?: string;
}

/** What a field's input gets: id, name, value, onChange, and aria-invalid / aria-describedby when in error. */
export interface FieldProps {
  id: string;
  name: string;
  value: string;
  onChange: (event: ChangeEvent<FieldElement>) => void;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * A form's state around a validator: the values, the errors, the props of each field (so every input is tied to
 * its error message for screen readers), one error cleared as its field is edited, and on submit the focus on
 * the first field in error.
 */
export function useForm<F extends { [K in keyof F]: string }>({
  initial,
  validate,
  order,
  idPrefix,
}: UseFormOptions<F>) {
  const generated = useId();
  const prefix = idPrefix ?? generated;
  const [values, setValues] = useState<F>(initial);
  const [errors, setErrors] = useState<FormErrors<F>>({});

  const fieldId = (name: keyof F & string) => `${prefix}-${name}`;
  const errorId = (name: keyof F & string) => `${prefix}-${name}-error`;

  /** Sets a field's value; its error (only its own) clears. */
  const set = useCallback((name: keyof F & string, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => {
      if (!current[name]) return current;
      const { [name]: _cleared, ...rest } = current;
      return rest as FormErrors<F>;
    });
  }, []);

  const field = (name: keyof F & string, describedBy?: string): FieldProps => {
    const ids = [errors[name] ? errorId(name) : undefined, describedBy].filter(Boolean).join(' ');
    return {
      id: fieldId(name),
      name,
      value: values[name] ?? '',
      onChange: (event) => set(name, event.target.value),
      'aria-invalid': errors[name] ? true : undefined,
      'aria-describedby': ids || undefined,
    };
  };

  /**
   * Validates the values; with errors, shows them and moves the focus to the first field in error and answers
   * false; without, answers true.
   */
  const check = (): boolean => {
    const found = validate(values);
    const shown = Object.fromEntries(Object.entries(found).filter(([, message]) => message)) as FormErrors<F>;
    setErrors(shown);
    const first = (order ?? (Object.keys(initial) as (keyof F & string)[])).find((name) => shown[name]);
    if (first === undefined) return Object.keys(shown).length === 0;
    document.getElementById(fieldId(first))?.focus();
    return false;
  };

  const reset = () => {
    setValues(initial);
    setErrors({});
  };

  return { values, errors, set, setErrors, field, fieldId, errorId, check, reset };
}
