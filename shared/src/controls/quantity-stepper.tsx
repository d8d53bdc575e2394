import { useId, useState } from 'react';
// The main entry by its package name, not a relative path: the singleton, not a second copy in this chunk.
import { parseTypedQuantity } from '@metrology/shared';

export interface QuantityStepperProps {
  value: number;
  onChange: (quantity: number) => void;
  /** The section's class beside the kit's `ms-stepper` (its place in the layout); the look is the kit's (base.css). */
  className: string;
  /** In a list of products (the cart) every name says which product: "Quantity of {name}". */
  productName?: string;
  /** Show the "Quantity" label (a product page) or keep it for screen readers only (a cart row). */
  labelVisible?: boolean;
  /** The field's name in the form around it, so the form works before hydration (a product page's Add to Cart). */
  name?: string;
  /**
   * The id of a post form the stepper belongs to (a cart line's): its buttons then send that form with
   * `op=dec`/`op=inc` when no script handles them; once hydrated they change the quantity here instead.
   */
  form?: string;
}

/**
 * Minus, a number field and plus (SPEC cart quantity rule, minimum 1): a typed value counts only when it is a
 * number above 0, otherwise it is ignored (the field shows what is typed until it loses focus); minus works
 * only above 1.
 *
 * At 1 the minus is aria-disabled, not disabled: a disabled button loses the focus (the keyboard user who just
 * pressed it to reach 1 would be thrown to the top of the page); an aria-disabled one keeps it, is announced as
 * dimmed, and its click does nothing.
 */
export function QuantityStepper({
  value,
  onChange,
  className,
  productName,
  labelVisible = !productName,
  name,
  form,
}: QuantityStepperProps) {
  const inputId = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    // Changed from outside (the buttons, the store): the field shows the new value.
    setShown(value);
    setDraft(null);
  }
  const of = productName ? ` of ${productName}` : '';
  const canDecrease = value > 1;
  // Inside a form: the buttons are its submit buttons for a page without script; a hydrated one acts here.
  const sends = (op: 'dec' | 'inc') =>
    form ? ({ type: 'submit', form, name: 'op', value: op } as const) : ({ type: 'button' } as const);
  return (
    <div
      className={`ms-stepper ${className}`}
      {...(productName ? { role: 'group', 'aria-label': `Quantity${of}` } : {})}
    >
      <label htmlFor={inputId} className={labelVisible ? 'ms-stepper__label' : 'ms-visually-hidden'}>
        Quantity{of}
      </label>
      <div className="ms-stepper__controls">
        <button
          {...sends('dec')}
          className="ms-stepper__button"
          aria-label={`Decrease quantity${of}`}
          aria-disabled={!canDecrease}
          onClick={(event) => {
            event.preventDefault();
            if (canDecrease) onChange(value - 1);
          }}
        >
          <span aria-hidden="true">−</span>
        </button>
        <input
          id={inputId}
          {...(name ? { name } : {})}
          {...(form ? { form } : {})}
          className="ms-stepper__input"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={draft ?? String(value)}
          onChange={(event) => {
            const raw = event.target.value;
            setDraft(raw);
            const typed = parseTypedQuantity(raw);
            if (typed !== null && typed !== value) onChange(typed);
          }}
          onBlur={() => setDraft(null)}
        />
        <button
          {...sends('inc')}
          className="ms-stepper__button"
          aria-label={`Increase quantity${of}`}
          onClick={(event) => {
            event.preventDefault();
            onChange(value + 1);
          }}
        >
          <span aria-hidden="true">+</span>
        </button>
      </div>
    </div>
  );
}
