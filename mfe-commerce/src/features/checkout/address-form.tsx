import type { Address, UseDomFormResult } from '@metrology/shared';
import { ADDRESS_FIELDS } from './address-fields';

interface Props {
  /**
   * The page's form (useDomForm around addressErrors): the fields' props, ids and the errors of a refused save or
   * order; the values live in the fields, inside the page's form element.
   */
  form: UseDomFormResult<Address>;
  saving: boolean;
  onSave: () => void;
}

/**
 * The new-address form. Every field is required in the browser's sense and the email is of email type
 * (SPEC section 5); Save Address checks the fields SPEC names, which leaves out the email.
 */
export function AddressForm({ form, saving, onSave }: Props) {
  return (
    <div className="commerce-address-form" data-testid="address-form">
      <div className="commerce-address-form__grid">
        {ADDRESS_FIELDS.map((field) => (
          <div
            key={field.name}
            className={`ms-field commerce-address-form__field${field.half ? ' commerce-address-form__field--half' : ''}`}
          >
            <label htmlFor={form.fieldId(field.name)}>{field.label}</label>
            <input
              className="ms-input"
              type={field.type ?? 'text'}
              autoComplete={field.autoComplete}
              inputMode={field.inputMode}
              required
              {...form.field(field.name)}
            />
            {form.errors[field.name] ? (
              <span id={form.errorId(field.name)} className="ms-field__error">
                {form.errors[field.name]}
              </span>
            ) : null}
          </div>
        ))}
      </div>
      <button type="button" className="ms-button" onClick={onSave} aria-disabled={saving}>
        {saving ? 'Saving...' : 'Save Address'}
      </button>
    </div>
  );
}
