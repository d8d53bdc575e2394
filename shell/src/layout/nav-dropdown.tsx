import { Link } from '@metrology/shared/router';
import type { DropdownEntry } from './navigation';
import { useDisclosureMenu } from './use-disclosure-menu';

interface NavDropdownProps {
  label: string;
  entries: readonly DropdownEntry[];
  /** Last links below the entries (e.g. every product, the collection). */
  allLinks?: readonly { to: string; label: string }[];
  /** Marks the button as the current section. */
  active?: boolean;
  /** Wide panels lay their entries out in a grid. */
  wide?: boolean;
}

/**
 * A navigation disclosure: a button that shows a panel of links. Closes on an outside press, on Escape (focus
 * back to the button), when the focus leaves it, and on every route change. Arrow keys move between the links.
 */
export function NavDropdown({
  label,
  entries,
  allLinks = [],
  active = false,
  wide = false,
}: NavDropdownProps) {
  const { open, setOpen, container, button, panel, panelId, onButtonKeyDown, onItemKeyDown, onBlur } =
    useDisclosureMenu();

  return (
    <div className="shell-dropdown" ref={container} onBlur={onBlur}>
      <button
        ref={button}
        type="button"
        className={`shell-nav__link shell-dropdown__toggle${active ? ' active' : ''}`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((was) => !was)}
        onKeyDown={onButtonKeyDown}
      >
        {label}
        <svg
          className="shell-dropdown__chevron"
          viewBox="0 0 12 12"
          width="12"
          height="12"
          aria-hidden="true"
        >
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
      </button>
      <div
        ref={panel}
        id={panelId}
        className={`shell-dropdown__panel${wide ? ' shell-dropdown__panel--wide' : ''}`}
        hidden={!open}
      >
        <ul className="shell-dropdown__list">
          {entries.map((entry) => (
            <li key={entry.to}>
              <Link
                to={entry.to}
                className="shell-dropdown__entry"
                onClick={() => setOpen(false)}
                onKeyDown={onItemKeyDown}
              >
                {entry.logo ? (
                  // Lazy: a closed panel is display: none, so its logos load when it first opens, not with
                  // every page (five requests off each first load).
                  <img
                    className="shell-dropdown__logo"
                    src={entry.logo}
                    alt=""
                    width={36}
                    height={36}
                    loading="lazy"
                    decoding="async"
                  />
                ) : null}
                <span className="shell-dropdown__text">
                  <span className="shell-dropdown__label">{entry.label}</span>
                  {entry.description ? (
                    <span className="shell-dropdown__description">{entry.description}</span>
                  ) : null}
                </span>
              </Link>
            </li>
          ))}
        </ul>
        {allLinks.map((link) => (
          <Link
            key={link.to}
            to={link.to}
            className="shell-dropdown__all"
            onClick={() => setOpen(false)}
            onKeyDown={onItemKeyDown}
          >
            {link.label}
          </Link>
        ))}
      </div>
    </div>
  );
}
