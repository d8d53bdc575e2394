import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { ScrollToTop } from '../scroll-to-top';

function renderSite() {
  return render(
    <MemoryRouter initialEntries={['/about']}>
      <ScrollToTop />
      <Link to="/careers">Careers</Link>
      <Link to="/about?tab=story">Our story</Link>
      <Routes>
        <Route path="/about" element={<h1>About us</h1>} />
        <Route path="/careers" element={<h1>Careers</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('scroll to the top', () => {
  let scrollTo: jest.SpyInstance;
  beforeEach(() => {
    scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });
  afterEach(() => scrollTo.mockRestore());

  it('leaves the page where the shopper scrolled it when it first comes to life', () => {
    renderSite();
    expect(screen.getByRole('heading', { name: 'About us' })).toBeInTheDocument();
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('scrolls smoothly to the top on a path change, not on a change of the query alone', async () => {
    renderSite();
    await userEvent.click(screen.getByRole('link', { name: 'Our story' }));
    expect(scrollTo).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('link', { name: 'Careers' }));
    expect(await screen.findByRole('heading', { name: 'Careers' })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
  });
});
