import { useId } from 'react';
import { Dialog } from '@metrology/shared';
import { PHOTO_HEIGHT, PHOTO_WIDTH, type CentrePhoto } from './calibration-centres';

interface Props {
  title: string;
  photos: readonly CentrePhoto[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
}

/** A modal view of one photo at a time: focus stays inside, Escape or the backdrop closes it. */
export function PhotoLightbox({ title, photos, index, onIndexChange, onClose }: Props) {
  const titleId = useId();
  const captionId = useId();
  const photo = photos[index];
  if (!photo) return null;
  const step = (delta: number) => onIndexChange((index + delta + photos.length) % photos.length);

  return (
    <Dialog
      onClose={onClose}
      labelledBy={titleId}
      describedBy={captionId}
      className="content-lightbox__dialog"
      backdropClassName="content-lightbox"
    >
      <div className="content-lightbox__bar">
        <h2 id={titleId} className="content-lightbox__title">
          {title}: photo {index + 1} of {photos.length}
        </h2>
        <button type="button" className="content-lightbox__close" onClick={onClose} aria-label="Close photo">
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path
              fill="currentColor"
              d="M6.4 5 5 6.4 10.6 12 5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6L19 6.4 17.6 5 12 10.6z"
            />
          </svg>
        </button>
      </div>
      <figure className="content-lightbox__figure">
        <img src={photo.src} alt={photo.alt} width={PHOTO_WIDTH} height={PHOTO_HEIGHT} />
        <figcaption id={captionId}>{photo.alt}</figcaption>
      </figure>
      {photos.length > 1 ? (
        <div className="content-lightbox__nav">
          <button type="button" className="ms-button ms-button--ghost" onClick={() => step(-1)}>
            Previous photo
          </button>
          <button type="button" className="ms-button ms-button--ghost" onClick={() => step(1)}>
            Next photo
          </button>
        </div>
      ) : null}
    </Dialog>
  );
}
