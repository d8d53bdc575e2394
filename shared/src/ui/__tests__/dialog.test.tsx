import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Dialog, DialogDescription, DialogTitle, openDialogCount } from '../dialog';

function Opener({ name, children }: { name: string; children?: React.ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open {name}
      </button>
      {open ? (
        <Dialog onClose={() => setOpen(false)} className={`box-${name}`}>
          <DialogTitle>{name}</DialogTitle>
          <button type="button">{name} first</button>
          {children}
          <button type="button">{name} last</button>
        </Dialog>
      ) : null}
    </>
  );
}

describe('Dialog', () => {
  it('moves focus in, wraps Tab both ways, closes on Escape and returns focus to the opener', async () => {
    const user = userEvent.setup();
    render(<Opener name="Alpha" />);
    const opener = screen.getByRole('button', { name: 'Open Alpha' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Alpha' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog.parentElement?.parentElement).toBe(document.body);
    expect(screen.getByRole('button', { name: 'Alpha first' })).toHaveFocus();
    expect(document.body.style.overflow).toBe('hidden');
    await user.tab();
    expect(screen.getByRole('button', { name: 'Alpha last' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Alpha first' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Alpha last' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(document.body.style.overflow).toBe('');
    expect(openDialogCount()).toBe(0);
  });

  it('closes on a press on the backdrop but not on one inside the box', async () => {
    const user = userEvent.setup();
    render(<Opener name="Beta" />);
    await user.click(screen.getByRole('button', { name: 'Open Beta' }));
    await user.click(screen.getByRole('heading', { name: 'Beta' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(screen.getByTestId('modal-backdrop'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('answers the keyboard only on the top dialog when two are open at once', async () => {
    const user = userEvent.setup();
    render(
      <Opener name="Lower">
        <Opener name="Upper" />
      </Opener>,
    );
    await user.click(screen.getByRole('button', { name: 'Open Lower' }));
    const openUpper = screen.getByRole('button', { name: 'Open Upper' });
    await user.click(openUpper);
    expect(openDialogCount()).toBe(2);
    expect(screen.getByRole('button', { name: 'Upper first' })).toHaveFocus();
    await user.tab();
    await user.tab();
    // Tab wraps inside the upper dialog and never reaches the lower one's controls.
    expect(screen.getByRole('button', { name: 'Upper first' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Upper' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Lower' })).toBeInTheDocument();
    expect(openUpper).toHaveFocus();
    expect(document.body.style.overflow).toBe('hidden');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(openDialogCount()).toBe(0);
  });

  it('ignores Escape and the backdrop while busy', async () => {
    const user = userEvent.setup();
    const onClose = jest.fn();
    render(
      <Dialog onClose={onClose} busy className="busy">
        <DialogTitle>Paying</DialogTitle>
        <button type="button">Pay</button>
      </Dialog>,
    );
    await user.keyboard('{Escape}');
    await user.click(screen.getByTestId('modal-backdrop'));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Paying' })).toHaveAttribute('aria-busy', 'true');
  });

  it('when the upper dialog closes and its opener is gone, the focus goes into the dialog below', async () => {
    const user = userEvent.setup();
    function Stack() {
      const [upper, setUpper] = useState(false);
      const [linked, setLinked] = useState(false);
      return (
        <Dialog onClose={() => undefined} className="lower">
          <DialogTitle>Lower</DialogTitle>
          <button type="button">Lower first</button>
          {linked ? null : (
            <button type="button" onClick={() => setUpper(true)}>
              Log in
            </button>
          )}
          {upper ? (
            <Dialog
              onClose={() => {
                setLinked(true);
                setUpper(false);
              }}
              className="upper"
            >
              <DialogTitle>Upper</DialogTitle>
              <button type="button">Upper first</button>
            </Dialog>
          ) : null}
        </Dialog>
      );
    }
    render(<Stack />);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByRole('button', { name: 'Upper first' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('button', { name: 'Log in' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Lower first' })).toHaveFocus();
  });

  it('is named by its DialogTitle and described by its DialogDescription only while it has one', () => {
    function Described({ caption }: { caption: boolean }) {
      return (
        <Dialog onClose={() => undefined} className="photo">
          <DialogTitle>Chennai: photo 1 of 3</DialogTitle>
          {caption ? <DialogDescription as="figcaption">The calibration bench</DialogDescription> : null}
          <button type="button">Next photo</button>
        </Dialog>
      );
    }
    const { rerender } = render(<Described caption />);
    const dialog = screen.getByRole('dialog', { name: 'Chennai: photo 1 of 3' });
    expect(dialog).toHaveAccessibleDescription('The calibration bench');
    rerender(<Described caption={false} />);
    expect(dialog).not.toHaveAttribute('aria-describedby');
  });

  it('refuses a title outside a dialog', () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<DialogTitle>Lost</DialogTitle>)).toThrow('DialogTitle belongs inside a Dialog');
    logged.mockRestore();
  });
});
