import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from '@metrology/shared/router';
import { ProductImage, productPath } from '@metrology/shared';
import { SUGGEST_MIN_CHARS, useLazySuggestProductsQuery, type SuggestionList } from './suggest-api';
import './header-search.css';

/** Typing pauses this long before a suggestion call; each newer call cancels the one before. */
export const SUGGEST_DEBOUNCE_MS = 200;

interface Option {
  id: string;
  to: string;
  kind: 'product' | 'category';
  label: string;
  detail: string;
  image?: string;
}

function optionsOf(list: SuggestionList | undefined, baseId: string): Option[] {
  if (!list) return [];
  return [
    ...list.products.map((p, i) => ({
      id: `${baseId}-p${i}`,
      to: productPath(p),
      kind: 'product' as const,
      label: p.name,
      detail: p.company,
      image: p.image,
    })),
    ...list.categories.map((c, i) => ({
      id: `${baseId}-c${i}`,
      to: `/collection?categories=${encodeURIComponent(c.value)}`,
      kind: 'category' as const,
      label: c.value,
      detail: `${c.count} ${c.count === 1 ? 'product' : 'products'}`,
    })),
  ];
}

/**
 * The header's product search: an ARIA combobox. From two characters it suggests products (name, brand, image)
 * and categories; arrows move through them, Enter opens the highlighted one or /products?q=…, Escape closes the
 * list (or, with the list closed, clears the text).
 */
export function HeaderSearch() {
  const navigate = useNavigate();
  const baseId = useId();
  const listId = `${baseId}-list`;
  const inputId = `${baseId}-input`;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [trigger, result] = useLazySuggestProductsQuery();
  const input = useRef<HTMLInputElement>(null);

  // The text lives in the field (uncontrolled): what was typed before the page hydrated is kept by React and taken
  // in here; `text` follows it for the suggestions.
  useEffect(() => {
    const field = input.current;
    if (!field?.value) return;
    setText(field.value);
    // Focused before the page was live (no focus event reached React): the suggestions show as if typed now.
    if (document.activeElement === field) setOpen(true);
  }, []);

  const clear = () => {
    if (input.current) input.current.value = '';
    setText('');
  };

  const query = text.trim();
  const wanted = query.length >= SUGGEST_MIN_CHARS ? query : '';
  useEffect(() => {
    if (!wanted) return;
    let request: ReturnType<typeof trigger> | undefined;
    const timer = setTimeout(() => {
      request = trigger(wanted, true);
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      request?.abort();
    };
  }, [wanted, trigger]);

  // Only the answer for the words in the box counts (an older answer never shows under newer text).
  const current = wanted && result.originalArgs === wanted && result.data ? result.data : undefined;
  const options = optionsOf(current, baseId);
  const expanded = open && wanted !== '' && current !== undefined;
  const activeOption = expanded ? options[active] : undefined;

  const reset = () => {
    setOpen(false);
    setActive(-1);
  };
  const go = (to: string) => {
    reset();
    clear();
    input.current?.blur();
    navigate(to);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!open) setOpen(true);
        if (options.length === 0) return;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((i) =>
          i < 0 && step < 0 ? options.length - 1 : (i + step + options.length) % options.length,
        );
        return;
      }
      case 'Enter': {
        event.preventDefault();
        const words = event.currentTarget.value.trim();
        if (activeOption) go(activeOption.to);
        else if (words) go(`/products?q=${encodeURIComponent(words)}`);
        return;
      }
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          reset();
        } else if (event.currentTarget.value) {
          event.preventDefault();
          clear();
        }
        return;
      default:
    }
  };

  return (
    // A real GET form to the results page: before the page hydrates (and with JavaScript off) Enter searches
    // natively; once live, the combobox's keys decide and the form never submits itself.
    <form
      className="shell-search"
      role="search"
      aria-label="Catalogue"
      action="/products"
      method="get"
      data-native
      onSubmit={(event) => event.preventDefault()}
    >
      <label htmlFor={inputId} className="ms-visually-hidden">
        Search instruments
      </label>
      <input
        ref={input}
        id={inputId}
        name="q"
        className="ms-input shell-search__input"
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={activeOption?.id}
        autoComplete="off"
        spellCheck={false}
        placeholder="Search instruments"
        defaultValue=""
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={reset}
        onKeyDown={onKeyDown}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        className="shell-search__list"
        hidden={!expanded}
      >
        {expanded && options.length === 0 ? (
          <li className="shell-search__empty" role="presentation">
            No matching products
          </li>
        ) : null}
        {expanded
          ? options.map((option, index) => (
              // Keys are the combobox input's (aria-activedescendant); a pointer picks an option directly.
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events
              <li
                key={option.id}
                id={option.id}
                role="option"
                aria-selected={index === active}
                className={`shell-search__option shell-search__option--${option.kind}`}
                // The input keeps the focus: a press on an option must not blur it first.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => go(option.to)}
              >
                {option.kind === 'product' ? (
                  <ProductImage src={option.image} alt="" width={40} height={40} loading="eager" />
                ) : (
                  <span className="shell-search__badge" aria-hidden="true">
                    Category
                  </span>
                )}
                <span className="shell-search__text">
                  <span className="shell-search__label">{option.label}</span>
                  <span className="shell-search__detail">{option.detail}</span>
                </span>
              </li>
            ))
          : null}
      </ul>
    </form>
  );
}
