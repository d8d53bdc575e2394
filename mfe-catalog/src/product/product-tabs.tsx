import type { Product } from '@metrology/shared';
import { Tabs } from '@metrology/shared/controls';
import { specificationRows } from './product-details';

/** Description, Specifications and Features & Benefits, in the kit's tabs (arrows, Home, End). */
export function ProductTabs({ product }: { product: Product }) {
  const rows = specificationRows(product);
  return (
    <Tabs
      className="catalog-tabs"
      label="Product information"
      items={[
        {
          key: 'description',
          label: 'Description',
          panel: <p className="catalog-description">{product.description}</p>,
        },
        {
          key: 'specifications',
          label: 'Specifications',
          panel:
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
            ),
        },
        {
          key: 'features',
          label: 'Features & Benefits',
          panel:
            product.features.length > 0 ? (
              <ul className="catalog-features">
                {product.features.map((feature, index) => (
                  <li key={`${feature}-${index}`}>{feature}</li>
                ))}
              </ul>
            ) : (
              <p>No features listed for this product.</p>
            ),
        },
      ]}
    />
  );
}
