import type { ImgHTMLAttributes } from 'react';
import { assetUrl } from '../config/runtime-config.js';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt'> & {
  src: string | undefined;
  alt: string;
  width: number;
  height: number;
};

/** An image from the API host (or any URL), with its size set so nothing jumps while it loads. */
export function ProductImage({ src, alt, width, height, loading = 'lazy', ...rest }: Props) {
  return (
    <img
      src={assetUrl(src)}
      alt={alt}
      width={width}
      height={height}
      loading={loading}
      decoding="async"
      {...rest}
    />
  );
}
