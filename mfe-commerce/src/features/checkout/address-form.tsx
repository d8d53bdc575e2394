import { useId } from 'react';
import { ADDRESS_REQUIRED_FIELDS, type Address } from '@metrology/shared';
import { ADDRESS_FIELDS } from './address-fields';

interface Props {
  values: Address;
  onChange: (field: keyof Address, value: string) => void;
  /** After a refused save or order: empty required fields are marked. */
  showErrors: boolean;
  saving: boolean;
  onSave: () => void;
}

/**
 * The new-address form. Every field is required in the browser's sense and the email is of email type
 * (SPEC section 5); Save Address checks the fields SPEC names, which leaves out the email.
 */
export function AddressForm({ values, onChange, showErrors, saving, onSave }: Props) {
  const baseId = useId();
  return (
    <div className="commerce-address-form" data-testid="address-form">
      <div className="commerce-address-form__grid">
        {ADDRESS_FIELDS.map((field) => {
          const id = `${baseId}-${field.name}`;
          const missing =
            showErrors && ADDRESS_REQUIRED_FIELDS.includes(field.name) && values[field.name].trim() === '';
          return (
            <div
              key={field.name}
              className={`ms-field commerce-address-form__field${field.half ? ' commerce-address-form__field--half' : ''}`}
            >
              <label htmlFor={id}>{field.label}</label>
              <input
                id={id}
                name={field.name}
                className="ms-input"
                type={field.type ?? 'text'}
                autoComplete={field.autoComplete}
                inputMode={field.inputMode}
                required
                aria-invalid={missing || undefined}
                aria-describedby={missing ? `${id}-error` : undefined}
                value={values[field.name]}
                onChange={(event) => onChange(field.name, event.target.value)}
              />
              {missing ? (
                <span id={`${id}-error`} className="ms-field__error">
                  {field.label} is required
                </span>
              ) : null}
            </div>
          );
        })}
      </div>
      <button type="button" className="ms-button" onClick={onSave} aria-disabled={saving}>
        {saving ? 'Saving...' : 'Save Address'}
      </button>
    </div>
  );
}
