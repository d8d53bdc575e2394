import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem {
  key: string;
  label: string;
  panel: ReactNode;
}

/**
 * Tabs as the WAI-ARIA pattern describes them: one tab stop, arrow keys, Home and End move and select (with
 * wrap-around), and only the selected panel is shown (the others stay in the page, hidden, so every tab names
 * a panel). Each panel is focusable, so a panel without controls can be reached and scrolled.
 */
export function Tabs({
  label,
  items,
  className = '',
}: {
  /** The tab list's accessible name. */
  label: string;
  items: readonly TabItem[];
  /** The section's own class beside the kit's `ms-tabs` (its margins); the look is the kit's (base.css). */
  className?: string;
}) {
  const base = useId();
  const [selected, setSelected] = useState(items[0]?.key ?? '');
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());
  const tabId = (key: string) => `${base}-tab-${key}`;
  const panelId = (key: string) => `${base}-panel-${key}`;

  const select = (index: number) => {
    const item = items[(index + items.length) % items.length];
    if (!item) return;
    setSelected(item.key);
    tabRefs.current.get(item.key)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: items.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  };

  return (
    <div className={className ? `ms-tabs ${className}` : 'ms-tabs'}>
      <div className="ms-tabs__list" role="tablist" aria-label={label}>
        {items.map((item, index) => {
          const active = item.key === selected;
          return (
            <button
              key={item.key}
              ref={(node) => {
                if (node) tabRefs.current.set(item.key, node);
                else tabRefs.current.delete(item.key);
              }}
              type="button"
              role="tab"
              id={tabId(item.key)}
              aria-selected={active}
              aria-controls={panelId(item.key)}
              tabIndex={active ? 0 : -1}
              className="ms-tabs__tab"
              onClick={() => setSelected(item.key)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) => (
        <div
          key={item.key}
          role="tabpanel"
          id={panelId(item.key)}
          aria-labelledby={tabId(item.key)}
          tabIndex={0}
          hidden={item.key !== selected}
          className="ms-tabs__panel"
        >
          {item.panel}
        </div>
      ))}
    </div>
  );
}
