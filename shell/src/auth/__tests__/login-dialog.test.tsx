import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  type createShopStore,
  GUEST_CART_STORAGE_KEY,
  loginDialogOpened,
  TOKEN_STORAGE_KEY,
  tokenReceived,
} from '@metrology/shared';
import { makeProduct, withSectionApi } from '@metrology/test-kit';
import { renderShell } from '../../test-support/render-shell';

const api = withSectionApi();
beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

const dialog = () => screen.getByRole('dialog');

/** Opens the dialog the way any section does: through the store. */
function openFromStore(store: ReturnType<typeof createShopStore>) {
  act(() => void store.dispatch(loginDialogOpened()));
}

describe('modes and texts', () => {
  it('opens in Login mode with every SPEC text', () => {
    const { store } = renderShell();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    openFromStore(store);
    const box = within(screen.getByRole('dialog', { name: 'Welcome Back!' }));
    expect(dialog()).toHaveAttribute('aria-modal', 'true');
    expect(dialog()).toHaveAccessibleDescription('Sign in to access your account');
    expect(box.getByRole('heading', { name: 'Welcome Back!' })).toBeVisible();
    expect(box.getByText('Sign in to access your account')).toBeVisible();
    expect(box.getByRole('button', { name: 'Sign In' })).toHaveAttribute('type', 'submit');
    expect(box.getByRole('link', { name: 'Forgot password?' })).toBeVisible();
    expect(box.getByRole('button', { name: 'Create new account' })).toBeVisible();
    expect(box.getByRole('button', { name: 'Close' })).toBeVisible();
    expect(box.queryByLabelText('Name')).not.toBeInTheDocument();
    const email = box.getByLabelText('Email');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    const password = box.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toBeRequired();
  });

  it('toggles to Sign up (with a name field) and back', async () => {
    const user = userEvent.setup();
    const { store } = renderShell();
    openFromStore(store);
    await user.click(screen.getByRole('button', { name: 'Create new account' }));

    const box = within(screen.getByRole('dialog', { name: 'Create Account' }));
    expect(dialog()).toHaveAccessibleDescription(
      'Join Metrology Instruments Group for quality measuring instruments',
    );
    expect(box.getByRole('heading', { name: 'Create Account' })).toBeVisible();
    expect(box.getByRole('button', { name: 'Create Account' })).toHaveAttribute('type', 'submit');
    expect(box.getByRole('button', { name: 'Already have an account?' })).toBeVisible();
    expect(box.queryByRole('link', { name: 'Forgot password?' })).not.toBeInTheDocument();
    expect(box.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
    const name = box.getByLabelText('Name');
    expect(name).toHaveAttribute('type', 'text');
    expect(name).toBeRequired();
    expect(name).toHaveFocus();
    expect(box.getByLabelText('Email')).toBeRequired();
    expect(box.getByLabelText('Password')).toBeRequired();

    await user.click(box.getByRole('button', { name: 'Already have an account?' }));
    expect(screen.getByRole('dialog', { name: 'Welcome Back!' })).toBeVisible();
    expect(screen.queryByLabelText('Name')).not.toBeInTheDocument();
  });

  it("'Forgot password?' opens a password reset by e-mail in the dialog and shows the server's answer", async () => {
    const answer = 'If an account uses this e-mail address, we have sent it a link to choose a new password.';
    api.override('POST /api/user/password-reset/request', () => ({
      body: { success: true, message: answer },
    }));
    const user = userEvent.setup();
    const { store } = renderShell({ route: '/products' });
    openFromStore(store);
    const link = screen.getByRole('link', { name: 'Forgot password?' });
    // A real link (DESIGN.md: the same text and place): without scripts it leads to the reset page.
    expect(link).toHaveAttribute('href', '/reset-password');
    await user.type(screen.getByLabelText('Email'), 'kept@example.com');
    await user.click(link);
    expect(screen.getByTestId('location')).toHaveTextContent('/products');
    const box = within(screen.getByRole('dialog', { name: 'Reset your password' }));
    expect(box.getByLabelText('Email')).toHaveFocus();
    expect(box.getByLabelText('Email')).toHaveValue('kept@example.com');
    await user.click(box.getByRole('button', { name: 'Send reset link' }));
    expect(await box.findByRole('status')).toHaveTextContent(answer);
    expect(api.callsTo('POST /api/user/password-reset/request').map((call) => call.body)).toEqual([
      { email: 'kept@example.com' },
    ]);
    await user.click(box.getByRole('button', { name: 'Back to login' }));
    expect(screen.getByRole('dialog', { name: 'Welcome Back!' })).toBeVisible();
  });

  it('starts afresh in Login mode every time it opens', async () => {
    const user = userEvent.setup();
    const { store } = renderShell();
    openFromStore(store);
    await user.click(screen.getByRole('button', { name: 'Create new account' }));
    await user.type(screen.getByLabelText('Email'), 'half@example.com');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    openFromStore(store);
    expect(screen.getByRole('dialog', { name: 'Welcome Back!' })).toBeVisible();
    expect(screen.getByLabelText('Email')).toHaveValue('');
  });
});

describe('focus and closing', () => {
  it('traps the focus and gives it back to the opener', async () => {
    const user = userEvent.setup();
    renderShell();
    const account = screen.getByRole('button', { name: 'Account' });
    await user.click(account);
    await user.click(screen.getByRole('button', { name: 'Login / Register' }));
    const box = within(dialog());
    expect(box.getByLabelText('Email')).toHaveFocus();

    const order = [
      box.getByLabelText('Password'),
      box.getByRole('link', { name: 'Forgot password?' }),
      box.getByRole('button', { name: 'Sign In' }),
      box.getByRole('button', { name: 'Create new account' }),
      box.getByRole('button', { name: 'Close' }),
      box.getByLabelText('Email'),
    ];
    for (const element of order) {
      await user.tab();
      expect(element).toHaveFocus();
    }
    await user.tab({ shift: true });
    expect(box.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(box.getByRole('button', { name: 'Create new account' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(account).toHaveFocus();
  });

  it('brings back focus that escapes to the page behind', async () => {
    const { store } = renderShell();
    openFromStore(store);
    act(() => within(screen.getByRole('banner')).getByRole('link', { name: 'Clients' }).focus());
    expect(dialog()).toContainElement(document.activeElement as HTMLElement);
  });

  it('closes on its close button and on a backdrop click, not on a click inside', async () => {
    const user = userEvent.setup();
    const { store } = renderShell();
    openFromStore(store);
    await user.click(screen.getByRole('heading', { name: 'Welcome Back!' }));
    expect(dialog()).toBeVisible();
    await user.click(screen.getByTestId('modal-backdrop'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(store.getState().ui.loginDialogOpen).toBe(false);

    openFromStore(store);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(store.getState().ui.loginDialogOpen).toBe(false);
  });

  it('closes by itself whenever a token exists, and does not open then', () => {
    const { store } = renderShell();
    openFromStore(store);
    expect(dialog()).toBeVisible();
    act(() => void store.dispatch(tokenReceived('from-elsewhere')));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(store.getState().ui.loginDialogOpen).toBe(false);
    openFromStore(store);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('logging in and signing up', () => {
  it("logs in: keeps the token, says 'Welcome back!' and closes", async () => {
    const user = userEvent.setup();
    const { store } = renderShell();
    openFromStore(store);
    await user.type(screen.getByLabelText('Email'), 'shopper@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Welcome back!')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(store.getState().auth.token).toBe('token-shopper@example.com');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('token-shopper@example.com');
    expect(api.callsTo('/api/user/login')[0]?.body).toEqual({
      email: 'shopper@example.com',
      password: 'secret',
    });
  });

  it("signs up: sends name, email and password, says 'Account created successfully!'", async () => {
    const user = userEvent.setup();
    const { store } = renderShell();
    openFromStore(store);
    await user.click(screen.getByRole('button', { name: 'Create new account' }));
    await user.type(screen.getByLabelText('Name'), 'Asha Rao');
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.type(screen.getByLabelText('Password'), 'calipers');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText('Account created successfully!')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('/api/user/register')[0]?.body).toEqual({
      name: 'Asha Rao',
      email: 'asha@example.com',
      password: 'calipers',
    });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('token-asha@example.com');
  });

  it('keeps what was typed across Sign up and Login, and sends what the fields hold', async () => {
    const user = userEvent.setup();
    const { store } = renderShell();
    openFromStore(store);
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.type(screen.getByLabelText('Password'), 'calipers');
    await user.click(screen.getByRole('button', { name: 'Create new account' }));
    await user.type(screen.getByLabelText('Name'), 'Asha Rao');
    await user.click(screen.getByRole('button', { name: 'Already have an account?' }));
    expect(screen.getByLabelText('Email')).toHaveValue('asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Create new account' }));
    expect(screen.getByLabelText('Name')).toHaveValue('Asha Rao');
    expect(screen.getByLabelText('Password')).toHaveValue('calipers');
    // A field changed without any event React sees (as text typed before the page's script ran) is sent too.
    (screen.getByLabelText('Email') as HTMLInputElement).value = 'asha.rao@example.com';
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Account created successfully!')).toBeVisible();
    expect(api.callsTo('/api/user/register')[0]?.body).toEqual({
      name: 'Asha Rao',
      email: 'asha.rao@example.com',
      password: 'calipers',
    });
  });

  it("shows the server's message on a refusal and stays open", async () => {
    const user = userEvent.setup();
    const { store } = renderShell();
    openFromStore(store);
    await user.type(screen.getByLabelText('Email'), 'shopper@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Invalid email or password')).toBeVisible();
    expect(dialog()).toBeVisible();
    expect(store.getState().auth.token).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    // The button is live again for another try. The message and the request's end are two updates (the toast's and
    // the store's), which React may commit one after the other.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Sign In' })).toHaveAttribute('aria-disabled', 'false'),
    );
  });

  it('shows the server message for a taken e-mail on sign-up', async () => {
    const user = userEvent.setup();
    const { store } = renderShell();
    openFromStore(store);
    await user.click(screen.getByRole('button', { name: 'Create new account' }));
    await user.type(screen.getByLabelText('Name'), 'Someone');
    await user.type(screen.getByLabelText('Email'), 'shopper@example.com');
    await user.type(screen.getByLabelText('Password'), 'vernier-scale-9');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('An account with this email already exists')).toBeVisible();
    expect(dialog()).toBeVisible();
  });

  it('refuses a weak password on sign-up with the shared rule, before calling the server', async () => {
    const user = userEvent.setup();
    const { store } = renderShell();
    openFromStore(store);
    await user.click(screen.getByRole('button', { name: 'Create new account' }));
    expect(screen.getByText('At least 8 characters, and not a common password.')).toBeVisible();
    await user.type(screen.getByLabelText('Name'), 'Someone');
    await user.type(screen.getByLabelText('Email'), 'weak@example.com');
    await user.type(screen.getByLabelText('Password'), 'password1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(
      await screen.findByText('This password is too common and easy to guess. Please choose another.'),
    ).toBeVisible();
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Password must be at least 8 characters')).toBeVisible();
    expect(api.callsTo('/api/user/register')).toHaveLength(0);
    expect(dialog()).toBeVisible();
  });

  it('shows a network failure as an error toast', async () => {
    const user = userEvent.setup();
    const { store } = renderShell();
    api.override('/api/user/login', () => ({ status: 500, body: 'not json at all' }));
    openFromStore(store);
    await user.type(screen.getByLabelText('Email'), 'shopper@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/\S/);
    expect(dialog()).toBeVisible();
    expect(console.error).toHaveBeenCalled();
  });

  it('cannot be sent twice while waiting', async () => {
    const user = userEvent.setup();
    let release: () => void = () => undefined;
    api.override(
      '/api/user/login',
      () =>
        new Promise((resolve) => {
          release = () => resolve(undefined);
        }),
    );
    const { store } = renderShell();
    openFromStore(store);
    await user.type(screen.getByLabelText('Email'), 'shopper@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Sign In' })).toHaveAttribute('aria-disabled', 'true'),
    );
    expect(screen.getByRole('button', { name: 'Sign In' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    release();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('/api/user/login')).toHaveLength(1);
  });
});

describe('the cart across login', () => {
  it("merges the guest's cart into the server cart: nothing the guest chose is lost", async () => {
    const user = userEvent.setup();
    localStorage.setItem(GUEST_CART_STORAGE_KEY, JSON.stringify({ 'gauge-1': 2, 'caliper-9': 1 }));
    api.products = ['gauge-1', 'caliper-9', 'scanner-3'].map((_id) => makeProduct({ _id }));
    api.carts['token-shopper@example.com'] = { 'gauge-1': 1, 'scanner-3': 4 };
    const { store } = renderShell({ session: true });
    expect(await screen.findByTestId('cart-badge')).toHaveTextContent('3');

    openFromStore(store);
    await user.type(screen.getByLabelText('Email'), 'shopper@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(screen.getByTestId('cart-badge')).toHaveTextContent('8'));
    expect(store.getState().cart.items).toEqual({ 'gauge-1': 3, 'caliper-9': 1, 'scanner-3': 4 });
    const adds = api.callsTo('/api/cart/add');
    expect(adds.map((call) => call.body)).toEqual([
      { itemId: 'gauge-1', quantity: 2 },
      { itemId: 'caliper-9', quantity: 1 },
    ]);
    expect(adds.every((call) => call.token === 'token-shopper@example.com')).toBe(true);
    expect(localStorage.getItem(GUEST_CART_STORAGE_KEY)).toBeNull();
  });
});
