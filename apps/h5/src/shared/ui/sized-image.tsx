import { sizedImage, webpSrcset } from '@kezhan/contract/browser';
import { useState, type ImgHTMLAttributes } from 'react';
import './sized-image.css';

export interface SizedImageProps extends Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'sizes' | 'width' | 'height'
> {
  src: string;
  /** What the picture shows; empty for a decorative one. */
  alt: string;
  /** The box the layout gives the image (its aspect ratio reserves the space: no layout shift). */
  width: number;
  height: number;
  /** How wide the image is shown, e.g. `128px` or `calc(100vw - 30px)`: picks the WebP copy. */
  sizes: string;
  /** The largest paint of the page: fetched at once with high priority instead of lazily. */
  priority?: boolean;
}

/**
 * A cover, banner or avatar. An address from our server's image pipeline
 * (`<stem>.<w>x<h>.<jpg|png>`) is offered as WebP copies for each display width through
 * `srcset`/`sizes`, with the address itself as the fallback; any other address (a plain MeEdu
 * API) is shown as it is, and so is ours if a copy fails to load.
 */
export function SizedImage({
  src,
  alt,
  width,
  height,
  sizes,
  priority,
  loading,
  onError,
  ...rest
}: SizedImageProps) {
  const [copiesFailed, setCopiesFailed] = useState(false);
  const sized = copiesFailed ? null : sizedImage(src);
  const image = (
    <img
      {...rest}
      {...(priority ? { fetchpriority: 'high' } : {})}
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : (loading ?? 'lazy')}
      decoding={priority ? undefined : 'async'}
      onError={(event) => {
        if (sized) setCopiesFailed(true);
        onError?.(event);
      }}
    />
  );
  if (!sized) return image;
  return (
    <picture className="kz-picture">
      <source type="image/webp" srcSet={webpSrcset(sized)} sizes={sizes} />
      {image}
    </picture>
  );
}
