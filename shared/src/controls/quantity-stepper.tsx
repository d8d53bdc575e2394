import { useEffect, useEffectEvent, useId, useRef } from 'react';
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
  // The field keeps its own text (uncontrolled): what the shopper types before, during or after hydration stays
  // in the page, and nothing re-renders it back. It is written here only when the quantity changes from outside
  // (the buttons, the store) and no longer matches what the field shows, and on blur.
  const field = useRef<HTMLInputElement>(null);
  const synced = useRef(value);
  const takeTyped = useEffectEvent(() => {
    const input = field.current;
    if (!input) return;
    // The shopper typed into the field before the stepper was live (no change event reached it): the number
    // counts now. Otherwise the field shows the quantity, which may have changed since the server rendered it.
    if (input.value !== input.defaultValue) {
      const typed = parseTypedQuantity(input.value);
      if (typed !== null && typed !== value) onChange(typed);
    } else if (parseTypedQuantity(input.value) !== value) input.value = String(value);
  });
  useEffect(() => takeTyped(), []);
  useEffect(() => {
    if (synced.current === value) return;
    synced.current = value;
    const input = field.current;
    if (input && parseTypedQuantity(input.value) !== value) input.value = String(value);
  }, [value]);
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
          ref={field}
          defaultValue={String(value)}
          onChange={(event) => {
            const typed = parseTypedQuantity(event.target.value);
            if (typed !== null && typed !== value) onChange(typed);
          }}
          onBlur={(event) => {
            // What is not a quantity (empty, 0, letters) gives way to the quantity that counts.
            if (event.target.value !== String(value)) event.target.value = String(value);
          }}
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
