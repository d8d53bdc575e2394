import { useId, useState } from 'react';
import { parseTypedQuantity } from '@metrology/shared';

/**
 * Minus, a number field and plus (SPEC cart quantity rule, minimum 1): a typed value counts only when it is a
 * number above 0, otherwise it is ignored; minus works only above 1.
 */
export function QuantityStepper({
  value,
  onChange,
}: {
  value: number;
  onChange: (quantity: number) => void;
}) {
  const inputId = useId();
  const [draft, setDraft] = useState(String(value));
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setDraft(String(value));
  }
  return (
    <div className="catalog-stepper">
      <label htmlFor={inputId} className="catalog-stepper__label">
        Quantity
      </label>
      <div className="catalog-stepper__controls">
        <button
          type="button"
          className="catalog-stepper__button"
          aria-label="Decrease quantity"
          disabled={value <= 1}
          onClick={() => {
            if (value > 1) onChange(value - 1);
          }}
        >
          −
        </button>
        <input
          id={inputId}
          className="catalog-stepper__input"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={draft}
          onChange={(event) => {
            setDraft(event.target.value);
            const quantity = parseTypedQuantity(event.target.value);
            if (quantity !== null) onChange(quantity);
          }}
          onBlur={() => setDraft(String(value))}
        />
        <button
          type="button"
          className="catalog-stepper__button"
          aria-label="Increase quantity"
          onClick={() => onChange(value + 1)}
        >
          +
        </button>
      </div>
    </div>
  );
}
