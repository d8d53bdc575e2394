import { useState } from 'react';
import { ProductImage } from '@metrology/shared';

/** The main image and its thumbnails; a thumbnail shows its image in the main place. */
export function ProductGallery({ images, name }: { images: readonly string[]; name: string }) {
  const [chosen, setChosen] = useState(0);
  const index = chosen < images.length ? chosen : 0;
  return (
    <div className="catalog-gallery">
      <div className="catalog-gallery__main">
        <ProductImage
          src={images[index]}
          alt={images.length > 1 ? `${name}, image ${index + 1} of ${images.length}` : name}
          width={640}
          height={480}
          loading="eager"
          fetchPriority="high"
          // The page's largest paint: decoded with its frame, not after it.
          decoding="auto"
          className="catalog-gallery__image"
        />
      </div>
      {images.length > 1 ? (
        <ul className="catalog-gallery__thumbs" aria-label="Product images">
          {images.map((image, i) => (
            <li key={`${image}-${i}`}>
              <button
                type="button"
                className="catalog-gallery__thumb"
                aria-label={`Show image ${i + 1} of ${images.length}`}
                aria-pressed={i === index}
                onClick={() => setChosen(i)}
              >
                <ProductImage src={image} alt="" width={96} height={72} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
