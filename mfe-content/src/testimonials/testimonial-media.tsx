import { ProductImage, type Testimonial } from '@metrology/shared';
import { httpOrigin, useReachable } from '../ui/use-reachable';

export const MEDIA_WIDTH = 640;
export const MEDIA_HEIGHT = 360;

function MediaImage({ testimonial }: { testimonial: Testimonial }) {
  const image = testimonial.image?.[0];
  if (!image) return <div className="content-entry__placeholder">No media available</div>;
  return (
    <ProductImage
      src={image}
      alt={`${testimonial.name}, ${testimonial.position}`}
      width={MEDIA_WIDTH}
      height={MEDIA_HEIGHT}
      className="content-entry__image"
    />
  );
}

/**
 * The video (embedded by videoUrl), else the first image, else 'No media available'. The video's host is
 * checked first: offline the picture stays, with a link to the video, instead of an error inside a frame.
 */
export function TestimonialMedia({ testimonial }: { testimonial: Testimonial }) {
  const videoUrl = httpOrigin(testimonial.videoUrl) ? testimonial.videoUrl : '';
  const reachability = useReachable(videoUrl || undefined);
  if (!videoUrl) return <MediaImage testimonial={testimonial} />;
  if (reachability === 'reachable') {
    return (
      <div className="content-video">
        <iframe
          src={videoUrl}
          title={`Video testimonial from ${testimonial.name}`}
          width={MEDIA_WIDTH}
          height={MEDIA_HEIGHT}
          loading="lazy"
          allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </div>
    );
  }
  return (
    <div className="content-video content-video--offline" aria-busy={reachability === 'checking'}>
      <MediaImage testimonial={testimonial} />
      {reachability === 'unreachable' ? (
        <a className="content-video__link" href={videoUrl} target="_blank" rel="noreferrer">
          Watch the video from {testimonial.name} (opens in a new tab)
        </a>
      ) : null}
    </div>
  );
}
