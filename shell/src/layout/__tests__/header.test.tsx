import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  cartReplaced,
  createShopStore,
  GUEST_CART_STORAGE_KEY,
  TOKEN_STORAGE_KEY,
  tokenReceived,
} from '@metrology/shared';
import { withSectionApi } from '@metrology/test-kit';
import { renderShell } from '../../test-support/render-shell';

const api = withSectionApi();

const banner = () => screen.getByRole('banner');
const location = () => screen.getByTestId('location').textContent;
const productsButton = () => within(banner()).getByRole('button', { name: 'Products' });
const companyButton = () => within(banner()).getByRole('button', { name: 'Company' });

describe('navigation', () => {
  it('has every nav entry with its link', () => {
    renderShell();
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(nav.getByRole('link', { name: 'Calibration Facilities' })).toHaveAttribute('href', '/calibration');
    expect(nav.getByRole('link', { name: 'Clients' })).toHaveAttribute('href', '/clients');
    expect(nav.getByRole('link', { name: 'Careers' })).toHaveAttribute('href', '/careers');
    expect(within(banner()).getByRole('link', { name: 'Metrology Instruments Group home' })).toHaveAttribute(
      'href',
      '/',
    );
    const contact = within(banner()).getAllByRole('link', { name: 'Contact Us' });
    expect(contact.length).toBeGreaterThan(0);
    for (const link of contact) expect(link).toHaveAttribute('href', '/contact');
  });

  it('Products lists the five companies, each with its logo, short description and filtered link', async () => {
    const user = userEvent.setup();
    renderShell();
    expect(productsButton()).toHaveAttribute('aria-expanded', 'false');
    await user.click(productsButton());
    expect(productsButton()).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(
      productsButton().getAttribute('aria-controls') ?? '',
    ) as HTMLElement;
    expect(panel).toBeVisible();
    const expected: [string, string][] = [
      ['Tespa', 'precision measurement tools and gauges'],
      ['Inprocess Gauging', 'precision measurement tools and gauges'],
      ['Sylvac', 'digital measuring instruments'],
      ['Mahr', 'high-precision metrology solutions'],
      ['SCANTECH 3D', '3D scanners'],
    ];
    for (const [company, description] of expected) {
      const link = within(panel).getByRole('link', { name: new RegExp(`^${company} `) });
      expect(link).toHaveTextContent(description);
      const href = new URL(link.getAttribute('href') ?? '', 'http://shop.test');
      expect(href.pathname).toBe('/products');
      expect(href.searchParams.get('company')).toBe(company);
      expect(link.querySelector('img')).toHaveAttribute('alt', '');
    }
    await user.click(within(panel).getByRole('link', { name: /^Inprocess Gauging / }));
    expect(location()).toBe('/products?company=Inprocess%20Gauging');
    expect(productsButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('Company has About, Testimonials and News', async () => {
    const user = userEvent.setup();
    renderShell();
    await user.click(companyButton());
    const panel = document.getElementById(companyButton().getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(within(panel).getByRole('link', { name: /^About/ })).toHaveAttribute('href', '/about');
    expect(within(panel).getByRole('link', { name: /^Testimonials/ })).toHaveAttribute(
      'href',
      '/testimonial',
    );
    expect(within(panel).getByRole('link', { name: /^News/ })).toHaveAttribute('href', '/news');
    expect(within(panel).getByRole('link', { name: /^News/ })).toHaveTextContent(
      'upcoming events and exhibitions',
    );
  });

  it('a dropdown closes on an outside click, and opening another closes the first', async () => {
    const user = userEvent.setup();
    renderShell();
    await user.click(productsButton());
    expect(productsButton()).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('heading', { name: 'Home page' }));
    expect(productsButton()).toHaveAttribute('aria-expanded', 'false');

    await user.click(productsButton());
    await user.click(companyButton());
    expect(productsButton()).toHaveAttribute('aria-expanded', 'false');
    expect(companyButton()).toHaveAttribute('aria-expanded', 'true');
    // A click inside the open panel keeps it open.
    const panel = document.getElementById(companyButton().getAttribute('aria-controls') ?? '') as HTMLElement;
    await user.pointer({ keys: '[MouseLeft]', target: panel });
    expect(companyButton()).toHaveAttribute('aria-expanded', 'true');
  });

  it('Escape closes a dropdown and gives the focus back to its button', async () => {
    const user = userEvent.setup();
    renderShell();
    await user.click(productsButton());
    await user.keyboard('{ArrowDown}');
    await user.keyboard('{Escape}');
    expect(productsButton()).toHaveAttribute('aria-expanded', 'false');
    expect(productsButton()).toHaveFocus();

    // Opened by mouse with the focus elsewhere: Escape still closes it.
    await user.click(productsButton());
    act(() => (document.activeElement as HTMLElement).blur());
    await user.keyboard('{Escape}');
    expect(productsButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('works by keyboard: Enter opens, arrows move, Home/End jump, Tab away closes', async () => {
    const user = userEvent.setup();
    renderShell();
    productsButton().focus();
    await user.keyboard('{Enter}');
    expect(productsButton()).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Enter}');
    expect(productsButton()).toHaveAttribute('aria-expanded', 'false');

    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: /^Tespa / })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: /^Inprocess Gauging / })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('link', { name: 'All products' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: /^Tespa / })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('link', { name: 'All products' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('link', { name: /^Tespa / })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(location()).toBe('/products?company=Tespa');
    expect(productsButton()).toHaveAttribute('aria-expanded', 'false');

    companyButton().focus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('link', { name: /^News/ })).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(companyButton()).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('the bar', () => {
  function scrollTo(y: number) {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    fireEvent.scroll(window);
  }
  afterEach(() => scrollTo(0));

  it('changes its look only once the page has scrolled more than 10 px', () => {
    renderShell();
    expect(banner()).not.toHaveClass('shell-header--scrolled');
    scrollTo(10);
    expect(banner()).not.toHaveClass('shell-header--scrolled');
    scrollTo(11);
    expect(banner()).toHaveClass('shell-header--scrolled');
    scrollTo(3);
    expect(banner()).not.toHaveClass('shell-header--scrolled');
  });

  it('starts scrolled when the page opens scrolled down', () => {
    scrollTo(400);
    renderShell();
    expect(banner()).toHaveClass('shell-header--scrolled');
  });
});

describe('the mobile menu', () => {
  const menuButton = () => within(banner()).getByRole('button', { name: 'Menu' });
  const nav = () => screen.getByRole('navigation', { name: 'Main' });

  it('opens and closes on every route change', async () => {
    const user = userEvent.setup();
    renderShell();
    expect(menuButton()).toHaveAttribute('aria-controls', nav().id);
    await user.click(menuButton());
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    expect(nav()).toHaveClass('shell-nav--open');
    // The panel sits before the button: the focus moves into it.
    expect(within(nav()).getByRole('link', { name: 'Home' })).toHaveFocus();
    await user.click(within(nav()).getByRole('link', { name: 'Clients' }));
    expect(location()).toBe('/clients');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(nav()).not.toHaveClass('shell-nav--open');

    // Through a dropdown inside it, too.
    await user.click(menuButton());
    await user.click(within(nav()).getByRole('button', { name: 'Company' }));
    await user.click(within(nav()).getByRole('link', { name: /^About/ }));
    expect(location()).toBe('/about');
    expect(nav()).not.toHaveClass('shell-nav--open');
  });

  it('closes when the route changes from outside the menu', async () => {
    const user = userEvent.setup();
    renderShell();
    await user.click(menuButton());
    // The cart link sits in the bar, outside the menu panel.
    await user.click(within(banner()).getByRole('link', { name: /^Cart/ }));
    expect(location()).toBe('/cart');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('Escape closes an open dropdown first, then the menu', async () => {
    const user = userEvent.setup();
    renderShell();
    await user.click(menuButton());
    await user.click(within(nav()).getByRole('button', { name: 'Products' }));
    await user.keyboard('{Escape}');
    expect(within(nav()).getByRole('button', { name: 'Products' })).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(menuButton()).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton()).toHaveFocus();
  });
});

describe('the cart badge', () => {
  it('is the sum of positive quantities', () => {
    const store = createShopStore();
    store.dispatch(cartReplaced({ a: 2, b: 0, c: -4, d: 3 }));
    renderShell({ store });
    const cart = within(banner()).getByRole('link', { name: 'Cart, 5 items' });
    expect(cart).toHaveAttribute('href', '/cart');
    expect(within(cart).getByTestId('cart-badge')).toHaveTextContent('5');
  });

  it('follows the cart and disappears when it is empty', () => {
    const store = createShopStore();
    store.dispatch(cartReplaced({ a: 1 }));
    renderShell({ store });
    expect(screen.getByTestId('cart-badge')).toHaveTextContent('1');
    expect(screen.getByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument();
    act(() => void store.dispatch(cartReplaced({ a: 1, b: 41 })));
    expect(screen.getByTestId('cart-badge')).toHaveTextContent('42');
    act(() => void store.dispatch(cartReplaced({})));
    expect(screen.queryByTestId('cart-badge')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cart, 0 items' })).toBeInTheDocument();
  });

  it('and the cart icon are hidden for Indian users', async () => {
    api.country = 'IN';
    const store = createShopStore();
    store.dispatch(cartReplaced({ a: 2 }));
    renderShell({ store, session: true });
    await screen.findByRole('heading', { name: 'Home page' });
    await act(async () => {
      while (store.getState().geo.lookup !== 'done') await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(store.getState().geo.isIndianUser).toBe(true);
    expect(within(banner()).queryByRole('link', { name: /^Cart/ })).not.toBeInTheDocument();
    expect(screen.queryByTestId('cart-badge')).not.toBeInTheDocument();
  });
});

describe('the user menu', () => {
  const accountButton = () => within(banner()).getByRole('button', { name: /^Account/ });

  it('offers Login / Register to guests, which opens the login dialog', async () => {
    const user = userEvent.setup();
    const { store } = renderShell();
    await user.click(accountButton());
    expect(accountButton()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryByRole('link', { name: 'My Orders' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Login / Register' }));
    expect(store.getState().ui.loginDialogOpen).toBe(true);
    expect(screen.getByRole('dialog', { name: 'Welcome Back!' })).toBeVisible();
    expect(accountButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on an outside click and on Escape', async () => {
    const user = userEvent.setup();
    renderShell();
    await user.click(accountButton());
    await user.click(screen.getByRole('heading', { name: 'Home page' }));
    expect(accountButton()).toHaveAttribute('aria-expanded', 'false');
    await user.click(accountButton());
    await user.keyboard('{Escape}');
    expect(accountButton()).toHaveAttribute('aria-expanded', 'false');
    expect(accountButton()).toHaveFocus();
  });

  it('is keyboard operable', async () => {
    const user = userEvent.setup();
    const store = createShopStore();
    store.dispatch(tokenReceived('token-a'));
    renderShell({ store });
    accountButton().focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: 'My Orders' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Logout' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{Enter}');
    expect(location()).toBe('/orders');
  });

  it('shows My Orders and Logout once logged in; Logout goes home, forgets the session and the cart', async () => {
    const user = userEvent.setup();
    localStorage.setItem(TOKEN_STORAGE_KEY, 'token-shopper@example.com');
    localStorage.setItem(GUEST_CART_STORAGE_KEY, JSON.stringify({ old: 1 }));
    const store = createShopStore();
    store.dispatch(cartReplaced({ a: 2, b: 1 }));
    renderShell({ store, route: '/products' });
    expect(store.getState().auth.token).toBe('token-shopper@example.com');
    expect(screen.getByTestId('cart-badge')).toHaveTextContent('3');

    await user.click(accountButton());
    expect(screen.queryByRole('button', { name: 'Login / Register' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/orders');
    await user.click(screen.getByRole('button', { name: 'Logout' }));

    expect(location()).toBe('/');
    expect(store.getState().auth.token).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    // Nothing of the cart survives in this browser either.
    expect(JSON.parse(localStorage.getItem(GUEST_CART_STORAGE_KEY) ?? '{}')).toEqual({});
    expect(store.getState().cart.items).toEqual({});
    expect(screen.queryByTestId('cart-badge')).not.toBeInTheDocument();
    expect(accountButton()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    await user.click(accountButton());
    expect(screen.getByRole('button', { name: 'Login / Register' })).toBeVisible();
  });
});
