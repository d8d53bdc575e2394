import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { makeProduct } from '@metrology/test-kit/product';
import { createShopStore } from '../../store/create-store';
import { ProductCard, type ProductCardProps } from '../product-card';
import { productPath, productUrl } from '../product-url';

const product = makeProduct({
  slug: 'digital caliper/150',
  name: 'Digital Caliper 150',
  model: 'DC-150',
  price: 1890,
  mrp: 2100,
});

function renderCard(props: Omit<ProductCardProps, 'className'>, isIndianUser = false) {
  const store = createShopStore({ geo: { isIndianUser, lookup: 'done' } });
  return render(
    <Provider store={store}>
      <MemoryRouter>
        <ul>
          <ProductCard className="catalog-card" {...props} />
        </ul>
      </MemoryRouter>
    </Provider>,
  );
}

describe('productPath and productUrl', () => {
  it('build /product/{slug or id} with the slug encoded', () => {
    expect(productPath(product)).toBe('/product/digital%20caliper%2F150');
    expect(productPath({ slug: '', _id: 'abc' })).toBe('/product/abc');
    expect(productUrl('https://shop.example/', product)).toBe(
      'https://shop.example/product/digital%20caliper%2F150',
    );
  });
});

// The behaviours of the three cards it replaces: the products page's, the collection's and the home page's.
describe('ProductCard', () => {
  it('links to the product with its image (named), name, model and the price with the struck-through mrp', async () => {
    const user = userEvent.setup();
    const onOpen = jest.fn();
    renderCard({ product, onOpen });
    const link = screen.getByRole('link', { name: /Digital Caliper 150/ });
    expect(link).toHaveAttribute('href', '/product/digital%20caliper%2F150');
    expect(link).toHaveClass('catalog-card__link');
    expect(screen.getByRole('img', { name: 'Digital Caliper 150' })).toBeInTheDocument();
    expect(screen.getByText('Model DC-150')).toHaveClass('catalog-card__model');
    expect(screen.getByText('$1,890')).toBeInTheDocument();
    expect(screen.getByText('$2,100').tagName).toBe('S');
    await user.click(link);
    expect(onOpen).toHaveBeenCalledWith(product);
  });

  it('Indian users see no price, only the note the section gives', () => {
    renderCard({ product, indianNote: <span>Send Enquiry</span> }, true);
    expect(screen.queryByText('$1,890')).not.toBeInTheDocument();
    expect(screen.getByText('Send Enquiry')).toBeInTheDocument();
  });

  it('the collection card: no alt (the name follows), no model, the price alone and only above 0', () => {
    const { unmount } = renderCard({ product, imageAlt: 'none', showModel: false, price: 'above-zero' });
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByText('Model DC-150')).not.toBeInTheDocument();
    expect(screen.getByText('$1,890')).toBeInTheDocument();
    expect(screen.queryByText('$2,100')).not.toBeInTheDocument();
    unmount();
    renderCard({
      product: { ...product, price: 0 },
      imageAlt: 'none',
      showModel: false,
      price: 'above-zero',
    });
    expect(screen.queryByText(/\$/)).not.toBeInTheDocument();
  });
});
