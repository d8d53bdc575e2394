import type { ComponentPropsWithRef } from 'react';

/** A choice: its value, and what the list shows (the value itself when not given). */
export type SelectOption = string | { value: string; label: string };

export interface SelectProps extends Omit<ComponentPropsWithRef<'select'>, 'children'> {
  options: readonly SelectOption[];
  /** A first option with the empty value ("All companies", "Choose a position"): no choice, or every one. */
  emptyLabel?: string;
}

/**
 * The kit's drop-down: a native select (the platform's keyboard and screen-reader support) with the house
 * class, its options from a list, and an optional empty first option. Everything else (id, ref, defaultValue,
 * onChange, aria-*) is the select's own.
 */
export function Select({ options, emptyLabel, className = 'ms-select', ...props }: SelectProps) {
  return (
    <select className={className} {...props}>
      {emptyLabel !== undefined ? <option value="">{emptyLabel}</option> : null}
      {options.map((option) => {
        const { value, label } = typeof option === 'string' ? { value: option, label: option } : option;
        return (
          <option key={value} value={value}>
            {label}
          </option>
        );
      })}
    </select>
  );
}
