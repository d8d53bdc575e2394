import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { tokenReceived } from '@metrology/shared';
import VerifyPage from '../verify-page';
import { GOOD_TOKEN, withSectionApi, renderSection } from '@metrology/test-kit';

const api = withSectionApi();

describe('the /verify page', () => {
  it("success=true: verifies the order, clears the cart and goes to the order's page", async () => {
    api.serverCart = { a: 1 };
    const { store, restored } = renderSection(<VerifyPage />, {
      path: '/verify?success=true&orderId=ord-1',
      token: GOOD_TOKEN,
      restoreSession: true,
    });
    await restored;
    expect(screen.getByRole('status')).toHaveTextContent('Verifying your payment');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/orders\/ord-1$/));
    expect(api.callsTo('POST /api/order/verifyStripe').map((c) => c.body)).toEqual([
      { success: 'true', orderId: 'ord-1' },
    ]);
    expect(store.getState().cart.items).toEqual({});
    expect(await screen.findByText('Payment successful! Your order has been placed.')).toBeInTheDocument();
  });

  it('success=false: the server refuses, its message shows and the shopper goes to /', async () => {
    renderSection(<VerifyPage />, {
      path: '/verify?success=false&orderId=ord-2',
      token: GOOD_TOKEN,
      restoreSession: true,
    });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(
      await screen.findByText('The payment was not completed. Your order has been cancelled.'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST /api/order/verifyStripe')).toHaveLength(1);
  });

  it('without an order id: no call, the visitor goes to /', async () => {
    renderSection(<VerifyPage />, { path: '/verify?success=true', token: GOOD_TOKEN, restoreSession: true });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(api.callsTo('POST /api/order/verifyStripe')).toEqual([]);
  });

  it('without a session: asks to log in, then verifies once the token is there', async () => {
    const user = userEvent.setup();
    const { store } = renderSection(<VerifyPage />, {
      path: '/verify?success=true&orderId=ord-3',
      restoreSession: true,
    });
    expect(screen.getByText('Please login to proceed with checkout')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Login / Register' }));
    expect(store.getState().ui.loginDialogOpen).toBe(true);
    expect(api.callsTo('POST /api/order/verifyStripe')).toEqual([]);
    act(() => {
      store.dispatch(tokenReceived(GOOD_TOKEN));
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/orders\/ord-3$/));
    expect(api.callsTo('POST /api/order/verifyStripe').map((c) => c.body)).toEqual([
      { success: 'true', orderId: 'ord-3' },
    ]);
  });
});
