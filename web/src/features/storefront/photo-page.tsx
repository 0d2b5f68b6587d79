import { Link, Navigate, useParams } from 'react-router';
import { readableDateTaken } from '@shared/date-taken';
import type { PhotoDetail } from '../../lib/api-types';
import { isApiError } from '../../lib/api';
import { useGetPhotoQuery } from '../../lib/catalog-api';
import { useSite } from '../../lib/site-context';
import { useSiteOrigin } from '../../lib/site-origin';
import { jsonForScript } from '../../lib/ssr-data';
import { SitePageMeta } from '../../components/page-meta';
import { SplitColumns } from '../../components/split-columns';
import { RichText } from '../../components/rich-text';
import { ArrowBackIcon } from '../../components/ui';
import { activeNoticeLines, useGetShippingNoticeQuery } from '../../lib/content-api';
import { photoMetaDescription } from './meta';
import { PhotoLoadFailed, PhotoNotFound, PhotoSkeleton } from './photo-page-states';
import { PhotoMediaIsland } from './photo-media';
import { EditionNote, PhotoPurchaseIsland } from './photo-purchase';
import { photoJsonLd } from './photo-seo';
import { speciesText } from './photo-species';
import styles from './photo-page.module.css';

/** The camera details the owner chose to show (from the file's EXIF; never its position). */
function CameraRows({ camera }: { camera: NonNullable<PhotoDetail['camera']> }) {
  const settings = [
    camera.focalLength,
    camera.aperture,
    camera.shutter,
    camera.iso ? `ISO ${camera.iso}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <>
      {camera.camera && (
        <>
          <dt>Camera</dt>
          <dd>{camera.camera}</dd>
        </>
      )}
      {camera.lens && (
        <>
          <dt>Lens</dt>
          <dd>{camera.lens}</dd>
        </>
      )}
      {settings && (
        <>
          <dt>Settings</dt>
          <dd>{settings}</dd>
        </>
      )}
    </>
  );
}

export default function PhotoPage() {
  const { id = '' } = useParams();
  const numeric = /^\d+$/.test(id);
  const { data: photo, isLoading, error, refetch } = useGetPhotoQuery(Number(id), { skip: !numeric });

  if (!numeric) return <Navigate to="/portfolio" replace />;
  if (isLoading) return <PhotoSkeleton />;
  if (error || !photo) {
    const missing = !error || (isApiError(error) && (error.status === 404 || error.status === 400));
    return missing ? <PhotoNotFound /> : <PhotoLoadFailed onRetry={refetch} />;
  }
  // Keyed so choosing an option never leaks from one photo to the next.
  return <PhotoView key={photo.id} photo={photo} />;
}

function PhotoView({ photo }: { photo: PhotoDetail }) {
  const { siteName, photographerName, credit } = useSite();
  const origin = useSiteOrigin();
  const { data: notice } = useGetShippingNoticeQuery();
  // The islands' props: the description is the page's, in its HTML already.
  const islandPhoto = { ...photo, description: '' };
  const description = photoMetaDescription(photo, credit);
  const species = speciesText(photo.species);
  const shareWidth = photo.widths?.includes(1080) ? 1080 : photo.widths?.[photo.widths.length - 1];

  return (
    <div className={`container ${styles.page}`}>
      <SitePageMeta
        page={photo.title}
        description={description}
        path={`/photo/${photo.id}`}
        type="article"
        image={{
          url: `/api/photos/${photo.id}/image`,
          alt: `${photo.title}, a photograph by ${credit}`,
          width: shareWidth,
          height:
            shareWidth && photo.width ? Math.round((shareWidth * photo.height) / photo.width) : undefined,
        }}
      />
      <script
        type="application/ld+json"
        // Escaped for a script element: nothing in it can close the element.
        dangerouslySetInnerHTML={{
          __html: jsonForScript(photoJsonLd(photo, { origin, siteName, photographerName, description })),
        }}
      />

      <Link to="/portfolio" className={styles.back}>
        <ArrowBackIcon size="1.25rem" />
        Portfolio
      </Link>

      <SplitColumns fr={[7, 5]} gap={{ xs: 4, md: 7 }}>
        <div className={styles.media}>
          <PhotoMediaIsland photo={islandPhoto} />
        </div>

        <div>
          <h1 className={styles.title}>{photo.title}</h1>
          <EditionNote photo={photo} />
          {photo.description && <RichText html={photo.description} headingLevel={1} />}

          <hr className={styles.divider} />
          <h2 className={`t-h5 ${styles.sectionHeading}`}>Details</h2>
          <dl className={styles.details}>
            {species && (
              <>
                <dt>Species</dt>
                <dd>{species}</dd>
              </>
            )}
            <dt>Location</dt>
            <dd>
              {photo.location?.trim() || 'Not specified'}
              {photo.locationProtected && (
                <span className={styles.withheld}>Exact location withheld to protect wildlife.</span>
              )}
            </dd>
            <dt>Date</dt>
            <dd className={styles.date}>{readableDateTaken(photo.dateTaken) ?? 'Not specified'}</dd>
            {photo.showCameraDetails && photo.camera && <CameraRows camera={photo.camera} />}
          </dl>
        </div>
      </SplitColumns>

      {/* What she sells of it: prints, and downloads with their licences, side by side on a desktop. */}
      <hr className={styles.divider} />
      <PhotoPurchaseIsland photo={islandPhoto} notice={activeNoticeLines(notice)} />
    </div>
  );
}
