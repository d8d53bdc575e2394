import { CloseButton, Dialog, DialogDescription, DialogTitle } from '@metrology/shared';
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
  const photo = photos[index];
  if (!photo) return null;
  const step = (delta: number) => onIndexChange((index + delta + photos.length) % photos.length);

  return (
    <Dialog onClose={onClose} className="content-lightbox__dialog" backdropClassName="content-lightbox">
      <div className="content-lightbox__bar">
        <DialogTitle className="content-lightbox__title">
          {title}: photo {index + 1} of {photos.length}
        </DialogTitle>
        <CloseButton className="content-lightbox__close" label="Close photo" onClose={onClose} size={24} />
      </div>
      <figure className="content-lightbox__figure">
        <img src={photo.src} alt={photo.alt} width={PHOTO_WIDTH} height={PHOTO_HEIGHT} />
        <DialogDescription as="figcaption">{photo.alt}</DialogDescription>
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
