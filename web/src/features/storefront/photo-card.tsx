import { Link } from 'react-router';
import { readableDateTaken } from '@shared/date-taken';
import type { PhotoSummary } from '../../lib/api-types';
import { ResponsiveImage } from '../../components/responsive-image';
import { Skeleton, cx } from '../../components/ui';
import { joinParts } from '../../lib/format';
import styles from './photo-card.module.css';

export const GRID_SIZES = '(min-width: 1200px) 384px, (min-width: 900px) 31vw, (min-width: 600px) 46vw, 92vw';

/** The grid of photo cards: one column on phones, two on tablets, three on desktops. */
export const photoGridClass = styles.grid;

/** A photo tile linking to its detail page: image, title, then location and date taken. */
export function PhotoCard({
  photo,
  ratio = 4 / 3,
  headingLevel = 'h3',
  priority = false,
}: {
  photo: PhotoSummary;
  ratio?: number;
  headingLevel?: 'h2' | 'h3';
  priority?: boolean;
}) {
  const caption = joinParts(photo.location, readableDateTaken(photo.dateTaken));
  const Heading = headingLevel;
  return (
    <Link to={`/photo/${photo.id}`} className={styles.card}>
      <ResponsiveImage
        photo={photo}
        ratio={ratio}
        sizes={GRID_SIZES}
        priority={priority}
        className={styles.image}
      />
      <div className={styles.text}>
        <Heading className={cx('t-h6', styles.title)}>{photo.title}</Heading>
        {caption && <p className={cx('t-body2 t-muted', styles.caption)}>{caption}</p>}
      </div>
    </Link>
  );
}

export function PhotoCardSkeleton({ ratio = 4 / 3 }: { ratio?: number }) {
  return (
    <div aria-hidden>
      <Skeleton className={styles.skeletonImage} style={{ aspectRatio: `${ratio}` }} />
      <Skeleton variant="text" width="70%" className={styles.skeletonTitle} />
      <Skeleton variant="text" width="45%" />
    </div>
  );
}
