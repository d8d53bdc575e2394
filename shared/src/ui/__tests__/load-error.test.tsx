import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoadError } from '../load-error';

// The behaviours of the eight copies it replaces (catalog x4, commerce x4, careers).
describe('LoadError', () => {
  it('shows the message as an alert with one Try Again that retries; a retry under way disables it', async () => {
    const user = userEvent.setup();
    const onRetry = jest.fn();
    const { rerender } = render(
      <LoadError className="catalog-error" message="Failed to load products" onRetry={onRetry} />,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveClass('catalog-error');
    expect(alert).toHaveTextContent('Failed to load products');
    const retry = screen.getByRole('button', { name: 'Try Again' });
    expect(retry).toHaveClass('ms-button');
    expect(retry).not.toHaveClass('ms-button--ghost');
    await user.click(retry);
    expect(onRetry).toHaveBeenCalledTimes(1);

    rerender(<LoadError className="catalog-error" message="Failed" onRetry={onRetry} retrying />);
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeDisabled();
  });

  it('puts extra actions in one row beside Try Again, in the ghost look', async () => {
    const user = userEvent.setup();
    const clear = jest.fn();
    render(
      <LoadError
        className="commerce-alert"
        variant="ghost"
        message="Failed to load products"
        onRetry={() => undefined}
        actions={
          <button type="button" onClick={clear}>
            Clear Cart
          </button>
        }
      />,
    );
    const retry = screen.getByRole('button', { name: 'Try Again' });
    expect(retry).toHaveClass('ms-button', 'ms-button--ghost');
    expect(retry.parentElement).toHaveClass('commerce-alert__actions');
    await user.click(screen.getByRole('button', { name: 'Clear Cart' }));
    expect(clear).toHaveBeenCalled();
  });

  it('is not an alert when the section announces the failure another way (a toast)', () => {
    render(
      <LoadError
        className="careers-error"
        announce={false}
        message="Failed to fetch jobs"
        onRetry={jest.fn()}
      />,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('Failed to fetch jobs', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
