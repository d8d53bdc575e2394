import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import CalibrationPage from '../../pages/calibration-page';
import { renderSection } from '@metrology/test-kit';

describe('calibration page', () => {
  it('has the four tabs with their established years, two photos each, and the NABL certificate on all but mobile', async () => {
    const user = userEvent.setup();
    renderSection(<CalibrationPage />, { path: '/calibration' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Chennai',
      'Bangalore',
      'Coimbatore',
      'Mobile Calibration',
    ]);
    const expected: [string, string | null, boolean][] = [
      ['Chennai', 'Established 1995', true],
      ['Bangalore', 'Established 2004', true],
      ['Coimbatore', 'Established 2007', true],
      ['Mobile Calibration', null, false],
    ];
    for (const [name, established, nabl] of expected) {
      await user.click(screen.getByRole('tab', { name }));
      const panel = screen.getByRole('tabpanel', { name });
      if (established) expect(within(panel).getByText(established)).toBeInTheDocument();
      else expect(within(panel).queryByText(/Established/)).not.toBeInTheDocument();
      const photos = within(panel).getAllByRole('button', { name: /^Enlarge photo/ });
      expect(photos).toHaveLength(2);
      const certificate = within(panel).queryByRole('img', { name: /NABL certificate/ });
      if (nabl) {
        expect(certificate).toHaveAttribute('width', '600');
        expect(certificate).toHaveAttribute('height', '800');
      } else {
        expect(certificate).not.toBeInTheDocument();
      }
      expect(within(panel).getByRole('heading', { name: 'On-site calibration' })).toBeInTheDocument();
      expect(within(panel).getByRole('link', { name: 'Request Calibration' })).toHaveAttribute(
        'href',
        '/contact',
      );
      for (const img of Array.from(panel.querySelectorAll('img'))) {
        expect(img).toHaveAttribute('width');
        expect(img).toHaveAttribute('height');
      }
    }
  });

  it('opens a photo in a modal lightbox that traps focus, steps through photos and returns focus on Escape', async () => {
    const user = userEvent.setup();
    renderSection(<CalibrationPage />, { path: '/calibration' });
    await user.click(screen.getByRole('tab', { name: 'Bangalore' }));
    const opener = screen.getAllByRole('button', { name: /^Enlarge photo 1/ })[0] as HTMLElement;
    await user.click(opener);

    const dialog = screen.getByRole('dialog', { name: 'Bangalore: photo 1 of 2' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByRole('img', { name: /coordinate measuring machine/ })).toBeInTheDocument();
    const close = within(dialog).getByRole('button', { name: 'Close photo' });
    expect(close).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Next photo' }));
    expect(screen.getByRole('dialog', { name: 'Bangalore: photo 2 of 2' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Next photo' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Next photo' }));
    expect(screen.getByRole('dialog', { name: 'Bangalore: photo 1 of 2' })).toBeInTheDocument();

    // Tab cycles inside the dialog: close, previous, next, then back to close.
    close.focus();
    await user.tab();
    await user.tab();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'Next photo' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes the lightbox with its close button and on a backdrop click', async () => {
    const user = userEvent.setup();
    renderSection(<CalibrationPage />, { path: '/calibration' });
    await user.click(screen.getAllByRole('button', { name: /^Enlarge photo 2/ })[0] as HTMLElement);
    await user.click(screen.getByRole('button', { name: 'Close photo' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getAllByRole('button', { name: /^Enlarge photo 2/ })[0] as HTMLElement);
    expect(screen.getByRole('dialog', { name: 'Chennai: photo 2 of 2' })).toBeInTheDocument();
    await user.click(document.querySelector('.content-lightbox') as HTMLElement);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
