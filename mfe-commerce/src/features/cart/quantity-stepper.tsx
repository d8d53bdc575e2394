import { useId, useState } from 'react';
import { parseTypedQuantity } from '@metrology/shared';

interface Props {
  productName: string;
  quantity: number;
  onChange: (quantity: number) => void;
}

/**
 * Minus / number input / plus (SPEC section 5): a typed value must be a number above 0, otherwise it is
 * ignored; minus works only above 1. The input keeps what is being typed until it loses focus.
 */
export function QuantityStepper({ productName, quantity, onChange }: Props) {
  const inputId = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const canDecrease = quantity > 1;

  return (
    <div className="commerce-stepper" role="group" aria-label={`Quantity of ${productName}`}>
      <button
        type="button"
        className="commerce-stepper__button"
        aria-label={`Decrease quantity of ${productName}`}
        // aria-disabled keeps the focus on the button (a disabled one would drop it) while it does nothing.
        aria-disabled={!canDecrease}
        onClick={() => {
          if (canDecrease) onChange(quantity - 1);
        }}
      >
        <span aria-hidden="true">−</span>
      </button>
      <label htmlFor={inputId} className="ms-visually-hidden">
        Quantity of {productName}
      </label>
      <input
        id={inputId}
        className="commerce-stepper__input"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        value={draft ?? String(quantity)}
        onChange={(event) => {
          const raw = event.target.value;
          setDraft(raw);
          const typed = parseTypedQuantity(raw);
          if (typed !== null && typed !== quantity) onChange(typed);
        }}
        onBlur={() => setDraft(null)}
      />
      <button
        type="button"
        className="commerce-stepper__button"
        aria-label={`Increase quantity of ${productName}`}
        onClick={() => onChange(quantity + 1)}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}
