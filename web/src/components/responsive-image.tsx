import { useEffect, useRef, useState, type CSSProperties, type MouseEventHandler } from 'react';
import { preload } from 'react-dom';
import type { ImageFormatFiles } from '@contract';
import { cx } from './ui';
import styles from './responsive-image.module.css';
import {
  THUMBNAIL_MAX_WIDTH,
  buildSrcSet,
  noImageDataUri,
  objectPositionFor,
  pickSrc,
  pictureSources,
} from './image-sources';

/** Any PhotoSummary-like object: every field optional so cart lines and partial shapes fit too. */
export type ImageSource = {
  imageUrl?: string | null;
  thumbnailUrl?: string | null;
  widths?: readonly number[] | null;
  /** The image as files, best format first (JPEG last); preferred over `imageUrl` when present. */
  files?: readonly ImageFormatFiles[] | null;
  width?: number | null;
  height?: number | null;
  placeholderColor?: string | null;
  title?: string | null;
  verticalPosition?: number | null;
  horizontalPosition?: number | null;
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
  const imgRef = useRef<HTMLImageElement>(null);

  const small = renderedWidth !== undefined && renderedWidth < THUMBNAIL_MAX_WIDTH;
  const picture = photo?.files ? pictureSources(photo.files, small) : undefined;
  const useThumbnail = Boolean(photo?.thumbnailUrl) && (!photo?.imageUrl || small);
  let requested: string;
  let requestedSrcSet: string | undefined;
  if (picture) {
    requested = picture.img.src;
    requestedSrcSet = picture.img.srcSet;
  } else if (photo && useThumbnail && photo.thumbnailUrl) {
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

  // An image that failed before hydration fired its error before React listened. React sets a plain
  // <img>'s src again to hear it, but inside a <picture> that fires nothing: so look once mounted.
  const inPicture = Boolean(picture);
  // React hints a plain high-priority <img> in the page's head itself, but not one inside a
  // <picture> (it cannot know the source): so hint the best format, for browsers that read it.
  const best = picture?.sources[0];
  if (priority && best && !failed)
    preload(best.srcSet.split(/[\s,]/)[0], {
      as: 'image',
      type: best.type,
      imageSrcSet: best.sized ? best.srcSet : undefined,
      imageSizes: best.sized ? sizes : undefined,
      fetchPriority: 'high',
    });
  useEffect(() => {
    const img = imgRef.current;
    if (inPicture && img?.complete && img.naturalWidth === 0) setFailedSrc(requested);
  }, [inPicture, requested]);

  const naturalRatio = photo?.width && photo?.height ? photo.width / photo.height : 4 / 3;
  const aspectRatio = ratio === 'fill' ? undefined : ratio === 'natural' ? naturalRatio : ratio;
  const background = fit === 'cover' ? (photo?.placeholderColor ?? '#e7e2d8') : 'transparent';

  const img = (
    <img
      ref={imgRef}
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
        objectPosition: objectPositionFor(photo?.verticalPosition, photo?.horizontalPosition),
      }}
    />
  );

  return (
    <div
      onClick={onClick}
      className={cx(styles.box, ratio === 'fill' && styles.fill, className)}
      style={{ aspectRatio: aspectRatio ? `${aspectRatio}` : undefined, background, ...style }}
    >
      {picture ? (
        // The browser takes the first source whose type it reads (AVIF), else the <img>'s JPEG. A
        // failed image drops the sources so the <img>'s placeholder shows.
        <picture className={styles.picture}>
          {!failed &&
            picture.sources.map((source) => (
              <source
                key={source.type}
                type={source.type}
                srcSet={source.srcSet}
                sizes={source.sized ? sizes : undefined}
              />
            ))}
          {img}
        </picture>
      ) : (
        img
      )}
    </div>
  );
}
