import { useId } from 'react';
import { CloseButton, Dialog } from '@metrology/shared';
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
        <CloseButton className="content-lightbox__close" label="Close photo" onClose={onClose} size={24} />
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
