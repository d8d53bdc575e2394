import { sectionLabel, type RemoteName } from '../routes/route-table';

/** A version a release manager previews in their own browser (a signed cookie the site server checked). */
export interface ReleasePreview {
  remote: RemoteName;
  version: string;
}

/**
 * Names what this browser previews, above everything else, so nobody mistakes a preview for the live site. Exit is
 * a plain link: the site server clears the preview cookie, with or without JavaScript.
 */
export function PreviewBanner({ preview }: { preview: ReleasePreview }) {
  return (
    <div className="shell-preview-banner" role="region" aria-label="Release preview">
      <p>
        Previewing <strong>{preview.remote}</strong> {preview.version} (the {sectionLabel(preview.remote)}{' '}
        section) in this browser only. Other visitors see the live version.
      </p>
      <a className="ms-button ms-button--ghost" href="/__preview/exit">
        Exit preview
      </a>
    </div>
  );
}
