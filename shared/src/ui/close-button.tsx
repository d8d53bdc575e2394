/** A line icon on the 24-unit grid the shop's icons use; decorative (its button carries the name). */
export function LineIcon({ path, size = 22 }: { path: string; size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
      <path d={path} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

const CROSS = 'M6 6l12 12M18 6L6 18';

/** The one close button of dialogs and panels: a cross, named by `label` ("Close" unless said otherwise). */
export function CloseButton({
  onClose,
  label = 'Close',
  className,
  size,
}: {
  onClose: () => void;
  label?: string;
  /** The section's class (position, colours); the kit adds none of its own. */
  className: string;
  size?: number;
}) {
  return (
    <button type="button" className={className} aria-label={label} onClick={onClose}>
      <LineIcon path={CROSS} {...(size ? { size } : {})} />
    </button>
  );
}
