import { render, screen } from '@testing-library/react';
import type { Order } from '@metrology/shared';
import { formatOrderDate, orderedItems, paymentMethodName } from '../order-format';
import { StatusBadge } from '../status-badge';

describe('StatusBadge', () => {
  it.each([
    ['processing', 'processing', 'Processing'],
    ['Processing', 'processing', 'Processing'],
    ['SHIPPED', 'shipped', 'SHIPPED'],
    ['shipped', 'shipped', 'Shipped'],
    ['Delivered', 'delivered', 'Delivered'],
    ['cancelled', 'cancelled', 'Cancelled'],
    ['CanCelled', 'cancelled', 'CanCelled'],
    ['awaiting payment', 'other', 'Awaiting payment'],
    ['Order Placed', 'other', 'Order Placed'],
  ])('%p is styled as %p and reads %p', (status, kind, text) => {
    render(<StatusBadge status={status} />);
    const badge = screen.getByText(text);
    expect(badge).toHaveClass(`commerce-status--${kind}`);
    expect(badge.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });

  it('each kind has its own icon', () => {
    const { container } = render(
      <>
        {['processing', 'shipped', 'delivered', 'cancelled', 'other'].map((s) => (
          <StatusBadge key={s} status={s} />
        ))}
      </>,
    );
    const paths = [...container.querySelectorAll('path')].map((p) => p.getAttribute('d'));
    expect(new Set(paths).size).toBe(5);
  });
});

describe('order formatting', () => {
  it.each([
    ['2024-05-20T14:05:00Z', 'May 20, 2024 at 2:05 PM'],
    ['2025-01-03T00:30:00Z', 'January 3, 2025 at 12:30 AM'],
  ])('%s is shown as %p (long date with time)', (iso, expected) => {
    expect(formatOrderDate(Date.parse(iso), 'UTC')).toBe(expected);
  });

  it('a date that is not one shows nothing', () => {
    expect(formatOrderDate('not a date')).toBe('');
  });

  it.each([
    ['cod', 'Cash on Delivery'],
    ['razorpay', 'Razorpay'],
    ['stripe', 'Stripe'],
    ['bank', 'bank'],
  ])('payment method %p reads %p', (method, name) => {
    expect(paymentMethodName(method)).toBe(name);
  });

  it('flattens orders into items, newest order first', () => {
    const base = {
      status: 'processing',
      payment: false,
      paymentMethod: 'cod',
      address: {} as Order['address'],
      amount: 0,
    };
    const orders: Order[] = [
      { ...base, _id: 'o1', date: 1000, items: [{ _id: 'x', name: 'X', image: [], price: 1, quantity: 1 }] },
      {
        ...base,
        _id: 'o2',
        date: 2000,
        items: [
          { _id: 'y', name: 'Y', image: [], price: 1, quantity: 1 },
          { _id: 'z', name: 'Z', image: [], price: 1, quantity: 1 },
        ],
      },
    ];
    expect(orderedItems(orders).map((entry) => `${entry.order._id}/${entry.item.name}`)).toEqual([
      'o2/Y',
      'o2/Z',
      'o1/X',
    ]);
  });
});
