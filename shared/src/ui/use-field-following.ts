import { useCallback, useEffect, useEffectEvent, useRef, type RefObject } from 'react';

/** A form field whose value lives in the page. */
export type PageField = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * Whether the shopper changed the field before its code was live: it no longer holds what the server rendered
 * into it (a text field's default; a select's option marked selected, or its first one). React hydrates a field
 * without touching what it holds, and sets the default to what it renders, so after hydration this still tells
 * a value typed or chosen early from the server's.
 */
export function changedBeforeLive(field: PageField): boolean {
  if (field instanceof HTMLSelectElement) {
    const rendered = [...field.options].find((option) => option.defaultSelected) ?? field.options[0];
    return field.value !== (rendered?.value ?? '');
  }
  return field.value !== field.defaultValue;
}

/**
 * The field's ref, and `sending`: the field's own text is on its way to where the value is kept (a debounced
 * search going into the URL); when the value becomes that text, the field (which may hold more typing by then)
 * is left as it is.
 */
export type FieldFollowing<E extends PageField> = readonly [RefObject<E | null>, (text: string) => void];

/**
 * An uncontrolled field (it keeps its own text: nothing a render does puts an old value back) that shows a value
 * kept elsewhere, the URL or the store, whenever that value changes from outside: back and forward, a link with a
 * query, Clear. The value is written into the field only then, and only when the field shows something else;
 * `onOutside` is told of each such change (a search waiting for its pause gives way to it).
 */
export function useFieldFollowing<E extends PageField>(
  value: string,
  onOutside?: () => void,
): FieldFollowing<E> {
  const ref = useRef<E>(null);
  /** The value the field was last brought in line with, or the text it sent. */
  const known = useRef(value);
  const changed = useEffectEvent(() => onOutside?.());
  useEffect(() => {
    if (known.current === value) return;
    known.current = value;
    const field = ref.current;
    if (field && field.value !== value) field.value = value;
    changed();
  }, [value]);
  const sending = useCallback((text: string) => {
    known.current = text;
  }, []);
  return [ref, sending] as const;
}
