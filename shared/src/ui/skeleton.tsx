import type { CSSProperties, ReactNode } from 'react';

/**
 * A loading placeholder in the shape of the content it stands for. Screen readers hear the label once;
 * the grey blocks themselves are hidden from them.
 */
export function Skeleton({
  label,
  children,
  className = '',
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={`ms-skeleton ${className}`.trim()} role="status" aria-busy="true" data-testid="skeleton">
      <span className="ms-visually-hidden">{label}</span>
      <div aria-hidden="true">{children}</div>
    </div>
  );
}

/** One grey block; width and height in CSS units (e.g. '60%', 24). */
export function SkeletonBlock({
  width = '100%',
  height = 16,
  round = false,
  className = '',
}: {
  width?: number | string;
  height?: number | string;
  round?: boolean;
  className?: string;
}) {
  const style: CSSProperties = { width, height, borderRadius: round ? '50%' : undefined };
  return <span className={`ms-skeleton__block ${className}`.trim()} style={style} />;
}
