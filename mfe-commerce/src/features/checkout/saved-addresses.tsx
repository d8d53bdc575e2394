import type { SavedAddress } from '@metrology/shared';
import { addressLines } from './address-fields';

interface Props {
  addresses: SavedAddress[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}

/** Saved addresses as selectable cards: a radio group, the chosen card highlighted. */
export function SavedAddresses({ addresses, selectedId, onSelect }: Props) {
  return (
    <fieldset className="commerce-addresses">
      <legend className="commerce-addresses__legend">Saved addresses</legend>
      <div className="commerce-addresses__list">
        {addresses.map((address) => {
          const [name, ...rest] = addressLines(address);
          const selected = address._id === selectedId;
          return (
            <label
              key={address._id}
              className={`commerce-address-card${selected ? ' commerce-address-card--selected' : ''}`}
              data-testid="address-card"
            >
              <input
                type="radio"
                name="savedAddress"
                value={address._id}
                checked={selected}
                onChange={() => onSelect(address._id)}
                className="commerce-address-card__radio"
              />
              <span className="commerce-address-card__body">
                <strong>{name}</strong>
                {rest.map((line, index) => (
                  <span key={index}>{line}</span>
                ))}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
