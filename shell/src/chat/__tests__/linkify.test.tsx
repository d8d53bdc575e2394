import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { Linkified, splitReply } from '../linkify';

function renderReply(text: string) {
  const { container } = render(
    <p>
      <Linkified text={text} />
    </p>,
  );
  return container;
}

describe('splitReply', () => {
  it.each([
    [
      'See https://shop.test/product/tespa-hg-600 for details.',
      [
        { kind: 'text', text: 'See ' },
        {
          kind: 'url',
          text: 'https://shop.test/product/tespa-hg-600',
          href: 'https://shop.test/product/tespa-hg-600',
        },
        { kind: 'text', text: ' for details.' },
      ],
    ],
    [
      'Write to sales@metrologyinstrumentsgroup.com, or call.',
      [
        { kind: 'text', text: 'Write to ' },
        {
          kind: 'email',
          text: 'sales@metrologyinstrumentsgroup.com',
          href: 'mailto:sales@metrologyinstrumentsgroup.com',
        },
        { kind: 'text', text: ', or call.' },
      ],
    ],
    [
      '(see http://localhost:8080/contact)',
      [
        { kind: 'text', text: '(see ' },
        { kind: 'url', text: 'http://localhost:8080/contact', href: 'http://localhost:8080/contact' },
        { kind: 'text', text: ')' },
      ],
    ],
    [
      'Wiki: https://en.wikipedia.org/wiki/Caliper_(tool)!',
      [
        { kind: 'text', text: 'Wiki: ' },
        {
          kind: 'url',
          text: 'https://en.wikipedia.org/wiki/Caliper_(tool)',
          href: 'https://en.wikipedia.org/wiki/Caliper_(tool)',
        },
        { kind: 'text', text: '!' },
      ],
    ],
    [
      'Try www.example.com?',
      [
        { kind: 'text', text: 'Try ' },
        { kind: 'url', text: 'www.example.com', href: 'https://www.example.com/' },
        { kind: 'text', text: '?' },
      ],
    ],
    ['No links here.\nJust text.', [{ kind: 'text', text: 'No links here.\nJust text.' }]],
    ['', []],
  ])('%j', (reply, parts) => {
    expect(splitReply(reply)).toEqual(parts);
  });

  it('finds several links and addresses on several lines', () => {
    const parts = splitReply('A: https://a.test/x\nB: https://b.test/y\nMail: c@d.in.');
    expect(parts.filter((p) => p.kind !== 'text').map((p) => p.href)).toEqual([
      'https://a.test/x',
      'https://b.test/y',
      'mailto:c@d.in',
    ]);
  });
});

describe('Linkified: hostile replies are text, never markup', () => {
  it('renders links that open in a new tab, and mailto for e-mails', () => {
    const container = renderReply('Visit https://shop.test/calibration or mail calibration@shop.test today');
    const links = container.querySelectorAll('a');
    expect(links).toHaveLength(2);
    expect(links[0]).toHaveAttribute('href', 'https://shop.test/calibration');
    expect(links[0]).toHaveAttribute('target', '_blank');
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer');
    expect(links[1]).toHaveAttribute('href', 'mailto:calibration@shop.test');
    expect(links[1]).toHaveAttribute('target', '_blank');
    expect(container).toHaveTextContent(
      'Visit https://shop.test/calibration or mail calibration@shop.test today',
    );
  });

  it.each([
    '<img src=x onerror=alert(1)>',
    '<script>alert(1)</script>',
    '<a href="javascript:alert(1)">click me</a>',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(document.cookie)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '<iframe src="https://evil.test"></iframe>',
    '<svg onload=alert(1)>',
    '&lt;b&gt;bold&lt;/b&gt;',
  ])('%s stays text', (hostile) => {
    const container = renderReply(`Reply: ${hostile} end`);
    expect(container.querySelector('img, script, iframe, svg, b')).toBeNull();
    expect(container.textContent).toBe(`Reply: ${hostile} end`);
    for (const link of Array.from(container.querySelectorAll('a'))) {
      expect(link.getAttribute('href')).toMatch(/^(https?:\/\/|mailto:)/);
    }
  });

  it('a link cannot break out of its href into markup', () => {
    const hostile =
      'https://shop.test/"><img src=x onerror=alert(1)> and https://shop.test/<script>alert(1)</script>';
    const container = renderReply(hostile);
    expect(container.querySelector('img, script')).toBeNull();
    const hrefs = Array.from(container.querySelectorAll('a')).map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['https://shop.test/', 'https://shop.test/']);
    expect(container.textContent).toBe(hostile);
  });

  it('an e-mail address cannot smuggle a mailto query or markup', () => {
    const container = renderReply('mail a@b.co?subject=<img src=x onerror=alert(1)>');
    expect(container.querySelector('img')).toBeNull();
    expect(Array.from(container.querySelectorAll('a')).map((a) => a.getAttribute('href'))).toEqual([
      'mailto:a@b.co',
    ]);
  });

  it('an http link that only mentions javascript: keeps its http scheme', () => {
    const container = renderReply('http://shop.test/javascript:alert(1)');
    const link = container.querySelector('a');
    expect(link?.getAttribute('href')).toBe('http://shop.test/javascript:alert(1)');
  });
});

describe('site paths become links inside the shop', () => {
  it('splits site paths out of a reply, without sentence punctuation', () => {
    expect(splitReply('See /contact, or /products?company=Tespa. Also 24/7 and and/or.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'path', text: '/contact', href: '/contact' },
      { kind: 'text', text: ', or ' },
      { kind: 'path', text: '/products?company=Tespa', href: '/products?company=Tespa' },
      { kind: 'text', text: '. Also 24/7 and and/or.' },
    ]);
  });

  it('a path, or a full link to this very site, navigates with the router in the same tab', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/about']}>
        <p>
          <Linkified
            text={`Browse /products?company=Sylvac or ${window.location.origin}/calibration, or https://shop.test/x`}
          />
        </p>
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/products?company=Sylvac',
      '/calibration',
      'https://shop.test/x',
    ]);
    expect(links[0]).not.toHaveAttribute('target');
    expect(links[2]).toHaveAttribute('target', '_blank');
    await user.click(links[0] as HTMLElement);
    expect(screen.getByTestId('where')).toHaveTextContent('/products?company=Sylvac');
    await user.click(links[1] as HTMLElement);
    expect(screen.getByTestId('where')).toHaveTextContent('/calibration');
  });
});

function Where() {
  const location = useLocation();
  return <span data-testid="where">{`${location.pathname}${location.search}`}</span>;
}
