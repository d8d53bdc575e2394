import { useEffect, useRef, useState } from 'react';
import { getRuntimeConfig } from '@metrology/shared';
import { useDeferredLoad } from './use-deferred-load';

/** The image service that draws the QR code (SPEC section 2: a QR code image from an image service). */
export const QR_SERVICE_URL = 'https://api.qrserver.com/v1/create-qr-code/';
const SIZE = 120;
/** An image that has not arrived by then is given up: the fallback shows instead of an empty box. */
const GIVE_UP_MS = 8000;

export function qrImageUrl(data: string, size = SIZE): string {
  const params = new URLSearchParams({ size: `${size}x${size}`, margin: '6', data });
  return `${QR_SERVICE_URL}?${params.toString()}`;
}

/**
 * A QR code of the site's address, fetched from the image service only after the page has loaded; offline
 * (or slow) the address shows as a link instead. Never moves the layout: the box keeps its size.
 */
export function QrCode() {
  const box = useRef<HTMLDivElement>(null);
  const start = useDeferredLoad(box);
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>('loading');
  const site = getRuntimeConfig().siteOrigin;

  useEffect(() => {
    if (!start || state !== 'loading') return;
    const timer = setTimeout(() => setState('failed'), GIVE_UP_MS);
    return () => clearTimeout(timer);
  }, [start, state]);

  return (
    <figure className="shell-qr">
      <div ref={box} className="shell-qr__box" data-state={start ? state : 'waiting'}>
        {start && state !== 'failed' ? (
          <img
            src={qrImageUrl(site)}
            alt={`QR code of our website, ${site}`}
            width={SIZE}
            height={SIZE}
            decoding="async"
            referrerPolicy="no-referrer"
            onLoad={() => setState('loaded')}
            onError={() => setState('failed')}
          />
        ) : null}
        {state === 'failed' ? (
          <a className="shell-qr__fallback" href={site}>
            {site.replace(/^https?:\/\//, '')}
          </a>
        ) : null}
      </div>
      <figcaption>Scan to visit our website</figcaption>
    </figure>
  );
}
