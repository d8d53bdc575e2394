import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setRuntimeConfig } from '@metrology/shared';
import ContactPage from '../../pages/contact-page';
import { MapEmbed } from '../map-embed';
import { validateContact, EMPTY_CONTACT, type ContactFields } from '../validate-contact';
import { resetReachability } from '../../ui/use-reachable';
import { renderSection, startSectionApi, type FakeApi } from '@metrology/test-kit';
import { UNREACHABLE_ORIGIN } from '../../__tests__/support';

const valid: ContactFields = {
  product: 'Height gauge',
  name: 'Asha Rao',
  email: 'asha@example.com',
  mobile: '+91 98400 12345',
  enquiryDetails: 'Need a 600 mm height gauge',
  requirement: '',
};

describe('validateContact', () => {
  it.each<[string, Partial<ContactFields>, Partial<Record<keyof ContactFields, string>>]>([
    [
      'everything empty',
      EMPTY_CONTACT,
      {
        product: 'Product is required',
        name: 'Name is required',
        email: 'Email is required',
        mobile: 'Mobile number is required',
        enquiryDetails: 'Enquiry details are required',
      },
    ],
    ['a bad e-mail', { email: 'asha@example' }, { email: 'Please enter a valid email address' }],
    ['a bad mobile', { mobile: '12345' }, { mobile: 'Please enter a valid mobile number' }],
    ['letters in the mobile', { mobile: '98400abcde' }, { mobile: 'Please enter a valid mobile number' }],
    [
      'blank spaces only',
      { product: '   ', name: ' ' },
      { product: 'Product is required', name: 'Name is required' },
    ],
    ['no requirement (optional)', { requirement: '' }, {}],
    ['all good', {}, {}],
  ])('%s', (_case, change, expected) => {
    expect(validateContact({ ...valid, ...change })).toEqual(expected);
  });
});

describe('contact page', () => {
  // Offline, as far as the page can tell: the maps stay addresses and no test reaches the real map host.
  let online: jest.SpyInstance;
  beforeEach(() => {
    resetReachability();
    online = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  });
  afterEach(() => online.mockRestore());

  it('shows every required-field message, focuses the first, and clears a message when its field is edited', async () => {
    const user = userEvent.setup();
    renderSection(<ContactPage />, { path: '/contact' });
    await user.click(screen.getByRole('button', { name: 'Submit Enquiry' }));
    for (const message of [
      'Product is required',
      'Name is required',
      'Email is required',
      'Mobile number is required',
      'Enquiry details are required',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    const product = screen.getByRole('textbox', { name: /Product/ });
    expect(product).toHaveFocus();
    expect(product).toHaveAttribute('aria-invalid', 'true');
    expect(product).toHaveAccessibleDescription('Product is required');
    expect(screen.getByRole('combobox', { name: 'Requirement (optional)' })).not.toHaveAttribute(
      'aria-invalid',
    );

    await user.type(product, 'C');
    expect(screen.queryByText('Product is required')).not.toBeInTheDocument();
    expect(screen.getByText('Name is required')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'not-an-address');
    await user.type(screen.getByRole('textbox', { name: /Mobile/ }), '12');
    await user.click(screen.getByRole('button', { name: 'Submit Enquiry' }));
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid mobile number')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveFocus();
  });

  it('confirms with the Enquiry Submitted toast, sends the message to the inbox call and empties the form', async () => {
    const user = userEvent.setup();
    const api = await startSectionApi();
    api.override('POST /api/contact/submit', () => ({
      body: { success: true, message: 'Message received' },
    }));
    try {
      renderSection(<ContactPage />, { path: '/contact' });
      await user.type(screen.getByRole('textbox', { name: /Product/ }), valid.product);
      await user.type(screen.getByRole('textbox', { name: /Name/ }), valid.name);
      await user.type(screen.getByRole('textbox', { name: /Email/ }), valid.email);
      await user.type(screen.getByRole('textbox', { name: /Mobile/ }), valid.mobile);
      await user.selectOptions(screen.getByRole('combobox', { name: 'Requirement (optional)' }), 'Quotation');
      await user.type(screen.getByRole('textbox', { name: /Enquiry details/ }), valid.enquiryDetails);
      await user.click(screen.getByRole('button', { name: 'Submit Enquiry' }));

      const toast = await screen.findByRole('alert');
      expect(within(toast).getByText('Enquiry Submitted')).toBeInTheDocument();
      expect(
        within(toast).getByText("Thank you for contacting us. We'll get back to you shortly."),
      ).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: /Product/ })).toHaveValue('');
      expect(screen.getByRole('textbox', { name: /Enquiry details/ })).toHaveValue('');
      // The message is stored for the staff's inbox.
      await waitFor(() =>
        expect(api.callsTo('POST /api/contact/submit').map((call) => call.body)).toEqual([
          { ...valid, requirement: 'Quotation' },
        ]),
      );
    } finally {
      await api.close();
    }
  });

  it('shows the same toast when the inbox call fails (SPEC: the visitor sees only the toast)', async () => {
    const user = userEvent.setup();
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    setRuntimeConfig({ apiBaseUrl: UNREACHABLE_ORIGIN });
    renderSection(<ContactPage />, { path: '/contact' });
    await user.type(screen.getByRole('textbox', { name: /Product/ }), valid.product);
    await user.type(screen.getByRole('textbox', { name: /Name/ }), valid.name);
    await user.type(screen.getByRole('textbox', { name: /Email/ }), valid.email);
    await user.type(screen.getByRole('textbox', { name: /Mobile/ }), valid.mobile);
    await user.type(screen.getByRole('textbox', { name: /Enquiry details/ }), valid.enquiryDetails);
    await user.click(screen.getByRole('button', { name: 'Submit Enquiry' }));
    const toast = await screen.findByRole('alert');
    expect(within(toast).getByText('Enquiry Submitted')).toBeInTheDocument();
    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith('The contact message could not be stored', expect.anything()),
    );
    logged.mockRestore();
  });

  it('has contact information and branch tabs Chennai, Coimbatore, Bangalore, Pune with address, phone and e-mail', async () => {
    const user = userEvent.setup();
    renderSection(<ContactPage />, { path: '/contact' });
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Chennai', 'Coimbatore', 'Bangalore', 'Pune']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    const chennai = screen.getByRole('tabpanel', { name: 'Chennai' });
    expect(within(chennai).getAllByText(/Guindy, Chennai 600032/).length).toBeGreaterThan(0);
    expect(within(chennai).getByRole('link', { name: '+91 44 2250 1983' })).toHaveAttribute(
      'href',
      'tel:+914422501983',
    );
    expect(
      within(chennai).getByRole('link', { name: 'chennai@metrologyinstrumentsgroup.com' }),
    ).toHaveAttribute('href', 'mailto:chennai@metrologyinstrumentsgroup.com');

    await user.click(screen.getByRole('tab', { name: 'Pune' }));
    const pune = screen.getByRole('tabpanel', { name: 'Pune' });
    expect(within(pune).getAllByText(/MIDC Bhosari, Pune 411026/).length).toBeGreaterThan(0);
    // The map cannot load offline: its box shows the address instead.
    expect(within(pune).getByText('The map cannot be shown right now.')).toBeInTheDocument();
    expect(screen.queryByRole('tabpanel', { name: 'Chennai' })).not.toBeInTheDocument();

    // Arrow keys move between tabs (and select them), wrapping around.
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Chennai' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Chennai' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Pune' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Bangalore' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Bangalore' })).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'Pune' })).toHaveAttribute('tabindex', '-1');
  });
});

describe('map embed', () => {
  let api: FakeApi;
  beforeAll(async () => {
    // The map host: every page answers, empty.
    api = await startSectionApi();
    for (const path of ['/embed', '/slow']) api.override(path, () => ({ status: 200 }));
  });
  afterAll(() => api.close());
  beforeEach(() => resetReachability());

  it('shows the map in a named frame when the map host answers', async () => {
    renderSection(
      <MapEmbed src={`${api.url}/embed?x=1`} title="Map of the Pune branch" address="Plot 72" linkUrl="#" />,
    );
    const frame = await screen.findByTitle('Map of the Pune branch');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('loading', 'lazy');
  });

  it('shows the address instead when the map cannot load (offline)', async () => {
    renderSection(
      <MapEmbed
        src={`${UNREACHABLE_ORIGIN}/embed`}
        title="Map of the Pune branch"
        address="Plot 72, MIDC Bhosari"
        linkUrl="https://maps.example/pune"
      />,
    );
    expect(await screen.findByText('The map cannot be shown right now.')).toBeInTheDocument();
    expect(screen.getByText('Plot 72, MIDC Bhosari')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Open in OpenStreetMap/ })).toHaveAttribute(
      'href',
      'https://maps.example/pune',
    );
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('shows the address at once when the browser says it is offline, without asking the network', async () => {
    const online = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const calls = jest.spyOn(globalThis, 'fetch');
    renderSection(<MapEmbed src={`${api.url}/embed`} title="Map" address="Guindy" linkUrl="#" />);
    expect(await screen.findByText('The map cannot be shown right now.')).toBeInTheDocument();
    expect(calls).not.toHaveBeenCalled();
    await waitFor(() => expect(document.querySelector('iframe')).toBeNull());
    online.mockRestore();
    calls.mockRestore();
  });

  it('keeps the same box while it checks', () => {
    renderSection(<MapEmbed src={`${api.url}/slow`} title="Map" address="Guindy" linkUrl="#" />);
    const box = screen.getByText('Guindy').closest('.content-map');
    expect(box).toHaveAttribute('aria-busy', 'true');
  });
});
