import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { getRuntimeConfig } from '@metrology/shared';
import { startSectionApi, type FakeApi } from '@metrology/test-kit';
import { renderShell } from '../../test-support/render-shell';
import { QR_SERVICE_URL } from '../qr-code';
import { TRANSLATE_SCRIPT_URL } from '../translate-widget';

let api: FakeApi;
beforeAll(async () => {
  api = await startSectionApi();
});
afterAll(() => api.close());

/** Makes every observed element count as on screen at once (jsdom has no layout). */
class VisibleNow {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    this.callback([{ isIntersecting: true, target } as IntersectionObserverEntry], this as never);
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

const original = window.IntersectionObserver;
function footerOnScreen(onScreen: boolean) {
  window.IntersectionObserver = (onScreen ? VisibleNow : original) as unknown as typeof IntersectionObserver;
}

beforeEach(() => {
  localStorage.clear();
  footerOnScreen(false);
  delete window.google;
  delete window.metrologyTranslateReady;
  document.querySelectorAll('script').forEach((script) => script.remove());
});
afterAll(() => footerOnScreen(false));

const footer = () => within(screen.getByRole('contentinfo'));
const translateScript = () =>
  Array.from(document.querySelectorAll('script')).find((script) => script.src === TRANSLATE_SCRIPT_URL);

describe('the footer', () => {
  it('has the about text: established 1983, with a group company', () => {
    renderShell();
    const about = footer().getByRole('region', { name: 'Metrology Instruments Group' });
    expect(about).toHaveTextContent(/Established in 1983/);
    expect(about).toHaveTextContent(/group company/);
  });

  it('has the quick links', () => {
    renderShell();
    const links = within(footer().getByRole('navigation', { name: 'Quick Links' })).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['About Us', '/about'],
      ['Products', '/products'],
      ['Services', '/calibration'],
      ['Clients', '/clients'],
      ['Careers', '/careers'],
      ['Contact Us', '/contact'],
    ]);
  });

  it('has a contact block with a phone link and an e-mail link', () => {
    renderShell();
    const contact = footer().getByRole('region', { name: 'Get in Touch' });
    expect(within(contact).getByRole('link', { name: /^\+91/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^tel:\+91\d+$/),
    );
    expect(within(contact).getByRole('link', { name: /@/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:\S+@\S+$/),
    );
    expect(contact).toHaveTextContent('Chennai');
  });

  it('shows the current year in the copyright line', () => {
    jest.useFakeTimers({ now: new Date('2031-03-04T10:00:00Z'), doNotFake: ['setTimeout', 'clearTimeout'] });
    try {
      renderShell();
      expect(
        footer().getByText(/^© 2031 Metrology Instruments Group\. All rights reserved\.$/),
      ).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('asks the third parties for nothing while the footer is far from view', async () => {
    renderShell();
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(screen.queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
    expect(translateScript()).toBeUndefined();
  });
});

describe('the QR code', () => {
  it('comes from the image service once the footer is near, and encodes the site address', async () => {
    footerOnScreen(true);
    renderShell();
    const image = await footer().findByRole('img', { name: /QR code/ });
    const src = new URL(image.getAttribute('src') ?? '');
    expect(`${src.origin}${src.pathname}`).toBe(QR_SERVICE_URL);
    expect(src.searchParams.get('data')).toBe(getRuntimeConfig().siteOrigin);
    expect(image).toHaveAttribute('width', '120');
    expect(image).toHaveAttribute('height', '120');
  });

  it('degrades to the site address as a link when the image cannot load', async () => {
    footerOnScreen(true);
    renderShell();
    const image = await footer().findByRole('img', { name: /QR code/ });
    fireEvent.error(image);
    expect(footer().queryByRole('img', { name: /QR code/ })).not.toBeInTheDocument();
    const site = getRuntimeConfig().siteOrigin;
    expect(footer().getByRole('link', { name: site.replace(/^https?:\/\//, '') })).toHaveAttribute(
      'href',
      site,
    );
  });
});

describe('the translation widget', () => {
  it('loads lazily and appears only once it works, with English as the source language', async () => {
    const made: { options: unknown; id: string }[] = [];
    footerOnScreen(true);
    renderShell();
    await waitFor(() => expect(translateScript()).toBeDefined());
    expect(translateScript()?.async).toBe(true);
    expect(footer().queryByText('Translate this page')).not.toBeInTheDocument();

    // What the real script does when it has loaded: define the API and call back.
    window.google = {
      translate: {
        TranslateElement: class {
          constructor(options: unknown, id: string) {
            made.push({ options, id });
            // Like the real widget: a language picker, drawn a moment later.
            setTimeout(() => document.getElementById(id)?.append(document.createElement('select')), 10);
          }
        },
      },
    };
    await act(async () => window.metrologyTranslateReady?.());
    expect(await footer().findByText('Translate this page')).toBeVisible();
    expect(made).toHaveLength(1);
    expect(made[0]?.options).toMatchObject({ pageLanguage: 'en' });
    expect(document.getElementById(made[0]?.id ?? '')).toBeInTheDocument();
    expect(await footer().findByRole('combobox', { name: 'Choose a language' })).toBeInTheDocument();
  });

  it('degrades silently when the script cannot load', async () => {
    const errors = jest.spyOn(console, 'error');
    footerOnScreen(true);
    renderShell();
    await waitFor(() => expect(translateScript()).toBeDefined());
    act(() => {
      translateScript()?.dispatchEvent(new Event('error'));
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(translateScript()).toBeUndefined();
    expect(footer().queryByText('Translate this page')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });
});
