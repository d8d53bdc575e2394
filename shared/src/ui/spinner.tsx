/** A loading indicator that screen readers announce. */
export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="ms-spinner" role="status" aria-live="polite">
      <span className="ms-spinner__wheel" aria-hidden="true" />
      <span className="ms-visually-hidden">{label}</span>
    </div>
  );
}
