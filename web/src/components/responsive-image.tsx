import { useState, type CSSProperties, type MouseEventHandler } from 'react';
import { cx } from './ui';
import styles from './responsive-image.module.css';
import {
  THUMBNAIL_MAX_WIDTH,
  buildSrcSet,
  noImageDataUri,
  objectPositionFor,
  pickSrc,
} from './image-sources';

/** Any PhotoSummary-like object: every field optional so cart lines and partial shapes fit too. */
export type ImageSource = {
  imageUrl?: string | null;
  thumbnailUrl?: string | null;
  widths?: readonly number[] | null;
  width?: number | null;
  height?: number | null;
  placeholderColor?: string | null;
  title?: string | null;
  verticalPosition?: number | null;
};

export type ResponsiveImageProps = {
  /** The photo to show; without it (and without `src`) the 'No Image' placeholder shows. */
  photo?: ImageSource | null;
  /** A plain address, used when there is no photo. */
  src?: string | null;
  /** Defaults to the photo's title. */
  alt?: string;
  /** The `sizes` attribute; describe the rendered width so phones pick a small file. */
  sizes?: string;
  /** Above-the-fold image (LCP): fetchpriority high and eager loading. */
  priority?: boolean;
  /**
   * Box shape: a number (width / height) for a fixed ratio, 'natural' for the photo's own ratio
   * (4:3 when unknown), or 'fill' to cover a positioned parent.
   */
  ratio?: number | 'natural' | 'fill';
  fit?: 'cover' | 'contain';
  /** Rendered width in px when known and small (< 200 uses the thumbnail). */
  renderedWidth?: number;
  /** Extra class and style of the box (e.g. a hover zoom from the parent's CSS). */
  className?: string;
  style?: CSSProperties;
  onClick?: MouseEventHandler<HTMLElement>;
};

export function ResponsiveImage({
  photo,
  src,
  alt,
  sizes = '100vw',
  priority = false,
  ratio = 'natural',
  fit = 'cover',
  renderedWidth,
  className,
  style,
  onClick,
}: ResponsiveImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);

  const useThumbnail =
    Boolean(photo?.thumbnailUrl) &&
    (!photo?.imageUrl || (renderedWidth !== undefined && renderedWidth < THUMBNAIL_MAX_WIDTH));
  let requested: string;
  let requestedSrcSet: string | undefined;
  if (photo && useThumbnail && photo.thumbnailUrl) {
    requested = photo.thumbnailUrl;
  } else if (photo?.imageUrl) {
    requestedSrcSet = buildSrcSet(photo.imageUrl, photo.widths);
    requested = pickSrc(photo.imageUrl, photo.widths);
  } else if (src) {
    requested = src;
  } else {
    requested = noImageDataUri();
  }
  // A broken address (deleted photo, offline) degrades to the placeholder instead of a broken icon.
  const failed = failedSrc === requested;
  const imgSrc = failed ? noImageDataUri() : requested;
  const srcSet = failed ? undefined : requestedSrcSet;

  const naturalRatio = photo?.width && photo?.height ? photo.width / photo.height : 4 / 3;
  const aspectRatio = ratio === 'fill' ? undefined : ratio === 'natural' ? naturalRatio : ratio;
  const background = fit === 'cover' ? (photo?.placeholderColor ?? '#e7e2d8') : 'transparent';

  return (
    <div
      onClick={onClick}
      className={cx(styles.box, ratio === 'fill' && styles.fill, className)}
      style={{ aspectRatio: aspectRatio ? `${aspectRatio}` : undefined, background, ...style }}
    >
      <img
        className={styles.image}
        src={imgSrc}
        srcSet={srcSet}
        sizes={srcSet ? sizes : undefined}
        alt={alt ?? photo?.title ?? ''}
        width={photo?.width ?? undefined}
        height={photo?.height ?? undefined}
        loading={priority ? 'eager' : 'lazy'}
        decoding={priority ? 'sync' : 'async'}
        fetchPriority={priority ? 'high' : undefined}
        onError={() => setFailedSrc(requested)}
        style={{
          objectFit: failed ? 'cover' : fit,
          objectPosition: objectPositionFor(photo?.verticalPosition),
        }}
      />
    </div>
  );
}
