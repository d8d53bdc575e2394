import { useReachable } from '../ui/use-reachable';

interface Props {
  /** The embed's URL. */
  src: string;
  /** Names the frame: "Map of the Chennai branch". */
  title: string;
  address: string;
  /** The map site, for a new tab. */
  linkUrl: string;
}

/**
 * A third-party map that never breaks the page: until its host answers, and whenever it cannot (offline),
 * the box shows the address instead, at the same size.
 */
export function MapEmbed({ src, title, address, linkUrl }: Props) {
  const reachability = useReachable(src);
  if (reachability === 'reachable') {
    return (
      <div className="content-map">
        <iframe
          src={src}
          title={title}
          width={600}
          height={360}
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
        />
      </div>
    );
  }
  return (
    <div className="content-map content-map--fallback" aria-busy={reachability === 'checking'}>
      <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true">
        <path
          fill="currentColor"
          d="M12 2a7 7 0 0 0-7 7c0 5 7 13 7 13s7-8 7-13a7 7 0 0 0-7-7zm0 4.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5z"
        />
      </svg>
      {reachability === 'unreachable' ? (
        <p className="content-map__note">The map cannot be shown right now.</p>
      ) : null}
      <address className="content-map__address">{address}</address>
      {reachability === 'unreachable' ? (
        <a href={linkUrl} target="_blank" rel="noreferrer">
          Open in OpenStreetMap (new tab)
        </a>
      ) : null}
    </div>
  );
}
