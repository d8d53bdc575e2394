import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { withSectionApi } from '@metrology/test-kit';
import { renderShell } from '../../test-support/render-shell';

const api = withSectionApi();
beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

const launcher = () => screen.getByRole('button', { name: 'Open support chat' });
const panel = () => screen.getByRole('dialog', { name: 'Metrology Instruments Group Support' });
const input = () => within(panel()).getByPlaceholderText('Type your message...');
const sendButton = () => within(panel()).getByRole('button', { name: 'Send message' });
const conversation = () => within(panel()).getByRole('log');
/** Opens the panel; the conversation's code comes with the first opening (no page loads it before). */
async function openChat(user: ReturnType<typeof userEvent.setup>) {
  await user.click(launcher());
  await screen.findByRole('dialog', { name: 'Metrology Instruments Group Support' });
}

/** The next reply waits until the test releases it. */
function holdReplies(reply: () => { status?: number; body?: unknown }) {
  const pending: (() => void)[] = [];
  api.override('/api/user/chat', () => new Promise((resolve) => pending.push(() => resolve(reply()))));
  return () => pending.shift()?.();
}

describe('the support chat', () => {
  it('a floating button opens a panel titled with the company name and Support, with the first message', async () => {
    const user = userEvent.setup();
    renderShell();
    expect(launcher()).toHaveAttribute('aria-haspopup', 'dialog');
    await openChat(user);
    expect(panel()).toHaveAttribute('aria-modal', 'true');
    expect(within(panel()).getByRole('heading')).toHaveTextContent('Metrology Instruments Group Support');
    expect(conversation()).toHaveTextContent('Hello! How can I help you today?');
    expect(input()).toHaveFocus();
    expect(input()).toHaveAccessibleName('Your message');
  });

  it('disables Send while the input is empty or blank', async () => {
    const user = userEvent.setup();
    renderShell();
    await openChat(user);
    expect(sendButton()).toBeDisabled();
    await user.type(input(), '   ');
    expect(sendButton()).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(api.callsTo('/api/user/chat')).toHaveLength(0);
    await user.type(input(), 'x');
    expect(sendButton()).toBeEnabled();
  });

  it('sends: appends the message, clears the input, shows typing and waits, then shows the reply', async () => {
    const user = userEvent.setup();
    const release = holdReplies(() => ({
      body: {
        success: true,
        data: 'Our Chennai lab: https://shop.test/calibration or calibration@shop.test.',
      },
    }));
    renderShell();
    await openChat(user);
    await user.type(input(), '  Do you calibrate height gauges?  ');
    await user.click(sendButton());

    expect(input()).toHaveValue('');
    expect(conversation()).toHaveTextContent('Do you calibrate height gauges?');
    expect(within(panel()).getByTestId('chat-typing')).toHaveTextContent('Support is typing');
    await user.type(input(), 'and micrometers?');
    expect(sendButton()).toBeDisabled();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.callsTo('/api/user/chat')).toHaveLength(1));
    expect(api.callsTo('/api/user/chat')[0]?.body).toEqual({ message: 'Do you calibrate height gauges?' });

    act(() => release());
    const link = await within(conversation()).findByRole('link', { name: 'https://shop.test/calibration' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(within(conversation()).getByRole('link', { name: 'calibration@shop.test' })).toHaveAttribute(
      'href',
      'mailto:calibration@shop.test',
    );
    expect(within(panel()).queryByTestId('chat-typing')).not.toBeInTheDocument();
    expect(sendButton()).toBeEnabled();
    expect(api.callsTo('/api/user/chat')).toHaveLength(1);
  });

  it('never renders markup from a reply', async () => {
    const user = userEvent.setup();
    api.override('/api/user/chat', () => ({
      body: {
        success: true,
        data: '<img src=x onerror="window.hacked=1"> <a href="javascript:alert(1)">x</a>',
      },
    }));
    renderShell();
    await openChat(user);
    await user.type(input(), 'hi{Enter}');
    await within(conversation()).findByText(/onerror/);
    expect(conversation().querySelector('img')).toBeNull();
    expect(within(conversation()).queryByRole('link')).not.toBeInTheDocument();
  });

  it("on failure: the toast 'Failed to send message. Please try again.' and an apology bubble", async () => {
    const user = userEvent.setup();
    api.override('/api/user/chat', () => ({ status: 500, body: { success: false, message: 'Boom' } }));
    renderShell();
    await openChat(user);
    await user.type(input(), 'Hello?{Enter}');
    expect(await screen.findByText('Failed to send message. Please try again.')).toBeVisible();
    expect(conversation()).toHaveTextContent(
      "I'm sorry, I'm having trouble connecting right now. Please try again later.",
    );
    expect(sendButton()).toBeDisabled();
    await user.type(input(), 'again');
    expect(sendButton()).toBeEnabled();
  });

  it('treats { success: false } as a failure too', async () => {
    const user = userEvent.setup();
    api.override('/api/user/chat', () => ({ body: { success: false, message: 'Please type a message' } }));
    renderShell();
    await openChat(user);
    await user.type(input(), 'x{Enter}');
    expect(await screen.findByText('Failed to send message. Please try again.')).toBeVisible();
  });

  it('traps the focus, closes on Escape back to the button, and keeps the conversation', async () => {
    const user = userEvent.setup();
    renderShell();
    await openChat(user);
    await user.type(input(), 'first question{Enter}');
    await within(conversation()).findByText('You said: first question');

    const order = [
      sendButton(),
      within(panel()).getByRole('button', { name: 'Close support chat' }),
      conversation(),
      input(),
    ];
    await user.type(input(), 'x');
    for (const element of order) {
      await user.tab();
      expect(element).toHaveFocus();
    }
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(launcher()).toHaveFocus();

    await openChat(user);
    expect(conversation()).toHaveTextContent('first question');
    expect(conversation()).toHaveTextContent('You said: first question');
    await user.click(within(panel()).getByRole('button', { name: 'Close support chat' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps a reply that arrives while the panel is closed', async () => {
    const user = userEvent.setup();
    const release = holdReplies(() => ({ body: { success: true, data: 'Late answer' } }));
    renderShell();
    await openChat(user);
    await user.type(input(), 'question{Enter}');
    await waitFor(() => expect(api.callsTo('/api/user/chat')).toHaveLength(1));
    await user.keyboard('{Escape}');
    act(() => release());
    await openChat(user);
    expect(await within(conversation()).findByText('Late answer')).toBeVisible();
  });
});
