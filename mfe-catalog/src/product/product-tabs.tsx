import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { Product } from '@metrology/shared';
import { specificationRows } from './product-details';

const TABS = [
  { key: 'description', label: 'Description' },
  { key: 'specifications', label: 'Specifications' },
  { key: 'features', label: 'Features & Benefits' },
] as const;

type TabKey = (typeof TABS)[number]['key'];

/** Description, Specifications and Features & Benefits, as an accessible tabs widget (arrows, Home, End). */
export function ProductTabs({ product }: { product: Product }) {
  const baseId = useId();
  const [selected, setSelected] = useState<TabKey>('description');
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  const focusTab = (index: number) => {
    const next = TABS[(index + TABS.length) % TABS.length];
    if (!next) return;
    setSelected(next.key);
    tabRefs.current[(index + TABS.length) % TABS.length]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: TABS.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    focusTab(target);
  };

  const rows = specificationRows(product);
  return (
    <div className="catalog-tabs">
      <div role="tablist" aria-label="Product information" className="catalog-tabs__list">
        {TABS.map((tab, index) => (
          <button
            key={tab.key}
            ref={(node) => {
              tabRefs.current[index] = node;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${tab.key}`}
            aria-selected={selected === tab.key}
            aria-controls={`${baseId}-panel-${tab.key}`}
            tabIndex={selected === tab.key ? 0 : -1}
            className="catalog-tabs__tab"
            onClick={() => setSelected(tab.key)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {TABS.map((tab) => (
        <div
          key={tab.key}
          role="tabpanel"
          id={`${baseId}-panel-${tab.key}`}
          aria-labelledby={`${baseId}-tab-${tab.key}`}
          hidden={selected !== tab.key}
          tabIndex={0}
          className="catalog-tabs__panel"
        >
          {tab.key === 'description' ? (
            <p className="catalog-description">{product.description}</p>
          ) : tab.key === 'specifications' ? (
            rows.length > 0 ? (
              <table className="catalog-spec-table">
                <tbody>
                  {rows.map((row, index) => (
                    <tr key={`${row.label}-${index}`}>
                      <th scope="row">{row.label}</th>
                      <td>{row.value}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p>No specifications listed for this product.</p>
            )
          ) : product.features.length > 0 ? (
            <ul className="catalog-features">
              {product.features.map((feature, index) => (
                <li key={`${feature}-${index}`}>{feature}</li>
              ))}
            </ul>
          ) : (
            <p>No features listed for this product.</p>
          )}
        </div>
      ))}
    </div>
  );
}
