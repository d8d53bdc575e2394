import { addressLines, EMPTY_ADDRESS, sameAddress } from '../address-fields';
import { formatProviderAmount } from '../sandbox-payment-dialog';
import { loadRazorpayCheckout, RAZORPAY_SCRIPT_URL } from '../razorpay-checkout';

describe('formatProviderAmount', () => {
  it.each([
    [{ amount: 262450, currency: 'USD' }, '$2,624.50'],
    [{ amount: 100, currency: 'INR' }, '₹1.00'],
    [{ amount: 1999, currency: 'not-a-code' }, '$19.99'],
  ])('%p reads %p (the amount is in the smallest unit)', (order, expected) => {
    expect(formatProviderAmount(order)).toBe(expected);
  });
});

describe('addresses', () => {
  const address = {
    ...EMPTY_ADDRESS,
    firstName: 'Asha',
    lastName: 'Rao',
    street: '1 Road',
    city: 'Pune',
    zipcode: '411001',
  };

  it('the server trims what it stores: the same address with spaces is the same', () => {
    expect(sameAddress({ ...address, city: ' Pune ' }, address)).toBe(true);
    expect(sameAddress({ ...address, city: 'Mumbai' }, address)).toBe(false);
  });

  it('card lines skip what is empty', () => {
    expect(addressLines(address)).toEqual(['Asha Rao', '1 Road', 'Pune, 411001']);
  });
});

describe('loadRazorpayCheckout', () => {
  afterEach(() => {
    delete window.Razorpay;
    document.head.querySelectorAll('script').forEach((s) => s.remove());
  });

  it('uses the provider already on the page', async () => {
    const Existing = class {
      open() {}
    };
    window.Razorpay = Existing;
    await expect(loadRazorpayCheckout()).resolves.toBe(Existing);
    expect(document.head.querySelector('script')).toBeNull();
  });

  it('adds the script once and fails cleanly when it cannot load (offline)', async () => {
    const first = loadRazorpayCheckout();
    const second = loadRazorpayCheckout();
    expect(second).toBe(first);
    const script = document.head.querySelector('script');
    expect(script).toHaveAttribute('src', RAZORPAY_SCRIPT_URL);
    script?.dispatchEvent(new Event('error'));
    await expect(first).rejects.toThrow('The payment provider could not be reached');
    expect(document.head.querySelector('script')).toBeNull();
  });

  it('gives up after the time limit', async () => {
    jest.useFakeTimers();
    try {
      const loading = loadRazorpayCheckout(50);
      jest.advanceTimersByTime(60);
      await expect(loading).rejects.toThrow('The payment provider took too long to load');
    } finally {
      jest.useRealTimers();
    }
  });
});
