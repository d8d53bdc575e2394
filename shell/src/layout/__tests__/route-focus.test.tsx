import { useEffect, useState } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes, useLocation, useSearchParams } from 'react-router-dom';
import { createShopStore, notify, ShopProviders } from '@metrology/shared';
import { RouteFocus } from '../route-focus';

function Where() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** A page whose heading arrives with its data, after a loading heading. */
function SlowPage() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), 50);
    return () => clearTimeout(timer);
  }, []);
  return ready ? <h1>Digital Caliper</h1> : <h1>Loading product</h1>;
}

function SearchPage() {
  const [params, setParams] = useSearchParams();
  return (
    <>
      <h1>Products</h1>
      <label>
        Search
        <input value={params.get('q') ?? ''} onChange={(event) => setParams({ q: event.target.value })} />
      </label>
    </>
  );
}

function renderSite(route = '/') {
  return render(
    <ShopProviders store={createShopStore()}>
      <MemoryRouter initialEntries={[route]}>
        <RouteFocus />
        <nav aria-label="Main">
          <Link to="/about">About</Link>
          <Link to="/product/caliper">Caliper</Link>
        </nav>
        <main id="main">
          <Routes>
            <Route path="/" element={<h1>Home</h1>} />
            <Route path="/about" element={<h1>About us</h1>} />
            <Route path="/product/:slug" element={<SlowPage />} />
            <Route path="/products" element={<SearchPage />} />
            <Route path="/cart" element={<h1>Your Cart</h1>} />
          </Routes>
        </main>
        <Where />
      </MemoryRouter>
    </ShopProviders>,
  );
}

describe('focus on navigation', () => {
  it('leaves the first load alone, then moves focus to the new page heading', async () => {
    const user = userEvent.setup();
    renderSite();
    expect(document.body).toHaveFocus();
    await user.click(screen.getByRole('link', { name: 'About' }));
    const heading = screen.getByRole('heading', { level: 1, name: 'About us' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(heading).toHaveAttribute('tabindex', '-1');
  });

  it('follows a loading heading to the real one when the page replaces it', async () => {
    const user = userEvent.setup();
    renderSite();
    await user.click(screen.getByRole('link', { name: 'Caliper' }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Digital Caliper' })).toHaveFocus(),
    );
  });

  it('does not move focus when only the query changes (typing a search)', async () => {
    const user = userEvent.setup();
    renderSite('/products');
    const input = screen.getByLabelText('Search');
    await user.type(input, 'gauge');
    expect(screen.getByTestId('location')).toHaveTextContent('/products?q=gauge');
    expect(input).toHaveFocus();
  });

  it("a toast's link navigates inside the site and closes the toast", async () => {
    const user = userEvent.setup();
    renderSite('/about');
    act(() => void notify.success('Item Added to Cart', { link: { label: 'View cart', to: '/cart' } }));
    const link = await screen.findByRole('link', { name: 'View cart' });
    expect(link).toHaveAttribute('href', '/cart');
    await user.click(link);
    expect(screen.getByTestId('location')).toHaveTextContent('/cart');
    await waitFor(() => expect(screen.queryByText('Item Added to Cart')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Your Cart' })).toHaveFocus());
  });
});

describe('focus on a first load reached from a link of the shop', () => {
  const referrer = (value: string) =>
    Object.defineProperty(document, 'referrer', { value, configurable: true });
  afterEach(() => referrer(''));

  it('lands on the heading, as an in-site navigation does (the link was followed before hydration)', async () => {
    referrer(`${location.origin}/products?company=Sylvac`);
    renderSite('/about');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'About us' })).toHaveFocus());
  });

  it('keeps the browser focus when the page came from another site', async () => {
    referrer('https://elsewhere.example/products');
    renderSite('/about');
    await act(async () => new Promise((resolve) => setTimeout(resolve, 30)));
    expect(screen.getByRole('heading', { name: 'About us' })).not.toHaveFocus();
  });
});
