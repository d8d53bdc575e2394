import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderShell } from '../../test-support/render-shell';

it("an unknown route shows '404 Oops! Page not found' with a link home", async () => {
  const user = userEvent.setup();
  renderShell({ route: '/no/such/page' });
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('404 Oops! Page not found');
  expect(document.title).toMatch(/^Page not found/);
  await user.click(screen.getByRole('link', { name: 'Back to home' }));
  expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument();
});
