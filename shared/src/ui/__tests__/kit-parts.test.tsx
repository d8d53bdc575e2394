import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { exposesOf, pageFile, pageLabel, routesOf } from '@metrology/shared/release';
import { createShopStore } from '../../store/create-store';
import { selectLoginDialogOpen } from '../../store/ui-slice';
import { CloseButton } from '../close-button';
import { FactList } from '../fact-list';
import { LoginPrompt } from '../login-prompt';
import { Select } from '../select';

// The small parts of the kit, each standing for copies the sections and the shell had written again.
describe('Select', () => {
  it('lists its options after an optional empty one, and passes the rest to the native select', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    render(
      <>
        <label htmlFor="company">Company</label>
        <Select
          id="company"
          value=""
          onChange={(event) => onChange(event.target.value)}
          emptyLabel="All companies"
          options={['Tespa', 'Mahr']}
        />
      </>,
    );
    const select = screen.getByRole('combobox', { name: 'Company' });
    expect(select).toHaveClass('ms-select');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => [option.textContent, option.getAttribute('value')]),
    ).toEqual([
      ['All companies', ''],
      ['Tespa', 'Tespa'],
      ['Mahr', 'Mahr'],
    ]);
    await user.selectOptions(select, 'Mahr');
    expect(onChange).toHaveBeenCalledWith('Mahr');
  });

  it('shows an option label other than its value, with no empty option unless asked', () => {
    render(
      <Select
        aria-label="Sort by"
        defaultValue="price-asc"
        options={[
          { value: 'relevance', label: 'Relevance' },
          { value: 'price-asc', label: 'Price: low to high' },
        ]}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Sort by' });
    expect(within(select).getAllByRole('option')).toHaveLength(2);
    expect(select).toHaveDisplayValue('Price: low to high');
  });
});

describe('LoginPrompt', () => {
  it('says why and opens the login dialog through the store', async () => {
    const user = userEvent.setup();
    const store = createShopStore();
    render(
      <Provider store={store}>
        <LoginPrompt className="commerce-alert" message="Please login to view your orders" />
      </Provider>,
    );
    expect(screen.getByText('Please login to view your orders').parentElement).toHaveClass('commerce-alert');
    expect(selectLoginDialogOpen(store.getState())).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Login / Register' }));
    expect(selectLoginDialogOpen(store.getState())).toBe(true);
  });
});

describe('CloseButton', () => {
  it('is named "Close" unless told otherwise, shows a decorative cross and closes', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    const { rerender } = render(<CloseButton className="catalog-dialog__close" onClose={onClose} />);
    const button = screen.getByRole('button', { name: 'Close' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    await user.click(button);
    expect(onClose).toHaveBeenCalledTimes(1);
    rerender(<CloseButton className="x" label="Close support chat" onClose={onClose} />);
    expect(screen.getByRole('button', { name: 'Close support chat' })).toBeInTheDocument();
  });
});

describe('FactList', () => {
  it('renders each fact as a term and its detail in the given wrappers', () => {
    render(
      <FactList
        className="content-details"
        itemClassName="content-details__item"
        facts={[
          { term: 'Established', detail: '1983' },
          { term: 'Employees', detail: '50-100' },
        ]}
      />,
    );
    const terms = screen.getAllByRole('term');
    expect(terms.map((term) => [term.textContent, term.nextElementSibling?.textContent])).toEqual([
      ['Established', '1983'],
      ['Employees', '50-100'],
    ]);
    expect(terms[0]?.parentElement).toHaveClass('content-details__item');
    expect(terms[0]?.closest('dl')).toHaveClass('content-details');
  });
});

describe('the release model’s pages', () => {
  it('names each page module’s file and harness label, and exposes every route of a remote', () => {
    expect(pageFile('./PlaceOrderPage')).toBe('place-order-page');
    expect(pageLabel('./PlaceOrderPage')).toBe('Place order');
    expect(routesOf('mfe-catalog').map((route) => route.path)).toEqual([
      '/products',
      '/collection',
      '/product/:slug',
    ]);
    expect(exposesOf('mfe-careers')).toEqual({ './CareersPage': './src/pages/careers-page.tsx' });
  });
});
