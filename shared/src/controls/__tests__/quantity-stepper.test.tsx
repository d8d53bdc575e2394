import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import userEvent from '@testing-library/user-event';
import { QuantityStepper } from '../quantity-stepper';

function Holder({ productName, start = 1 }: { productName?: string; start?: number }) {
  const [value, setValue] = useState(start);
  return (
    <>
      <QuantityStepper
        className="catalog-stepper"
        value={value}
        onChange={setValue}
        {...(productName ? { productName } : {})}
      />
      <output>{value}</output>
    </>
  );
}

// The behaviours of the catalog's and the commerce section's steppers it replaces.
describe('QuantityStepper', () => {
  it('plus and minus change the quantity; at 1 the minus is aria-disabled, keeps the focus and does nothing', async () => {
    const user = userEvent.setup();
    render(<Holder start={2} />);
    const input = screen.getByRole('spinbutton', { name: 'Quantity' });
    const minus = screen.getByRole('button', { name: 'Decrease quantity' });
    expect(minus).toHaveAttribute('aria-disabled', 'false');
    await user.click(minus);
    expect(input).toHaveValue(1);
    expect(minus).toHaveAttribute('aria-disabled', 'true');
    expect(minus).toHaveFocus();
    await user.click(minus);
    expect(input).toHaveValue(1);
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(input).toHaveValue(3);
    expect(screen.getByText('Quantity', { selector: 'label' })).toHaveClass('ms-stepper__label');
  });

  it('a typed value counts only when it is a number above 0; the field shows the quantity again on blur', () => {
    render(<Holder start={2} />);
    const input = screen.getByRole('spinbutton', { name: 'Quantity' });
    fireEvent.change(input, { target: { value: '0' } });
    expect(input).toHaveValue(0);
    expect(screen.getByRole('status')).toHaveTextContent('2');
    fireEvent.blur(input);
    expect(input).toHaveValue(2);
    fireEvent.change(input, { target: { value: '' } });
    expect(screen.getByRole('status')).toHaveTextContent('2');
    fireEvent.change(input, { target: { value: '7' } });
    expect(screen.getByRole('status')).toHaveTextContent('7');
    fireEvent.blur(input);
    expect(input).toHaveValue(7);
  });

  it("in a list every name says the product's; the label is for screen readers only", async () => {
    const user = userEvent.setup();
    render(<Holder productName="Digital Caliper" />);
    expect(screen.getByRole('group', { name: 'Quantity of Digital Caliper' })).toBeInTheDocument();
    expect(screen.getByText('Quantity of Digital Caliper', { selector: 'label' })).toHaveClass(
      'ms-visually-hidden',
    );
    await user.click(screen.getByRole('button', { name: 'Increase quantity of Digital Caliper' }));
    expect(screen.getByRole('spinbutton', { name: 'Quantity of Digital Caliper' })).toHaveValue(2);
    expect(screen.getByRole('button', { name: 'Decrease quantity of Digital Caliper' })).toHaveAttribute(
      'aria-disabled',
      'false',
    );
  });

  it('keeps a number typed into the server-rendered field before hydration, and it counts once live', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    container.innerHTML = renderToString(<Holder start={1} />);
    const input = container.querySelector('input') as HTMLInputElement;
    input.value = '4';
    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(container, <Holder start={1} />);
    });
    expect(input.value).toBe('4');
    expect(container.querySelector('output')).toHaveTextContent('4');
    // The buttons go on from there, and the field follows them.
    await act(async () => {
      container.querySelector<HTMLButtonElement>('[aria-label="Increase quantity"]')?.click();
    });
    expect(input.value).toBe('5');
    act(() => root?.unmount());
    container.remove();
  });
});
