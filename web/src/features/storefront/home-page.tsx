import { Link } from 'react-router';
import type { PhotoSummary } from '../../lib/api-types';
import { ResponsiveImage } from '../../components/responsive-image';
import { PageMeta, SITE_DESCRIPTION } from '../../components/page-meta';
import { ArrowForwardIcon, ButtonLink, Spinner, cx } from '../../components/ui';
import { useGetLogoQuery } from '../../lib/content-api';
import { useSite } from '../../lib/site-context';
import { useGetPhotosQuery } from '../../lib/catalog-api';
import { OrderConfirmationSlot } from '../order-confirmation';
import { FEATURED_LIMIT, FEATURED_MAX_AGE_S, TAGLINE } from './constants';
import { PhotoCard, photoGridClass } from './photo-card';
import { ScrollCueIsland } from './scroll-cue';
import styles from './home-page.module.css';

export default function HomePage() {
  const { siteName, photographerName, loaded: siteLoaded } = useSite();
  const { data: featured, isLoading } = useGetPhotosQuery(
    { featured: true },
    { refetchOnMountOrArgChange: FEATURED_MAX_AGE_S },
  );
  const photos = (featured ?? []).slice(0, FEATURED_LIMIT);
  const hero = photos[0];

  return (
    <>
      <PageMeta
        title={`${siteName} | ${TAGLINE}`}
        description={SITE_DESCRIPTION}
        path="/"
        siteName={siteName}
        image={hero && { url: `/api/photos/${hero.id}/image`, alt: hero.title }}
      />
      <Hero hero={hero} siteName={siteName} loading={isLoading} />

      <section id="featured" aria-labelledby="featured-heading" className={styles.section}>
        <div className="container">
          <div className={styles.intro}>
            <span className="t-overline t-accent">Selected prints</span>
            <h2 id="featured-heading" className="t-h2">
              Featured Work
            </h2>
            <p className={cx('t-muted', styles.introText)}>
              A few favourite moments from the marshes, woods and waterways, each available as a fine art
              print.
            </p>
          </div>

          {isLoading ? (
            <div className={styles.loading}>
              <Spinner label="Loading featured photos" />
            </div>
          ) : (
            <div className={photoGridClass}>
              {photos.map((photo) => (
                <PhotoCard key={photo.id} photo={photo} ratio={4 / 5} />
              ))}
              {photos.length < FEATURED_LIMIT && <AllCollectionsTile />}
            </div>
          )}

          <div className={styles.more}>
            <ButtonLink to="/portfolio" variant="outlined" size="large" endIcon={<ArrowForwardIcon />}>
              View Full Portfolio
            </ButtonLink>
          </div>
        </div>
      </section>

      <section aria-labelledby="about-teaser-heading" className={cx(styles.section, styles.about)}>
        <div className="container-md">
          {/* Ink, not the sand-dark accent: that is below 4.5:1 on the sand background. */}
          <span className="t-overline">About the photographer</span>
          <h2 id="about-teaser-heading" className={cx('t-h2', styles.aboutHeading)}>
            Patience, light and a quiet trail
          </h2>
          <p className={cx('t-lead t-muted', styles.aboutText)}>
            {`${siteLoaded && photographerName ? `I'm ${photographerName}, an` : "I'm an"} amateur nature photographer based in Washington, DC. Most of these photographs were made at a wildlife refuge close to home, early in the morning, waiting for the herons, eagles and deer to go about their day.`}
          </p>
          <Link to="/about" className={styles.storyLink}>
            Read My Story
            <ArrowForwardIcon size="1.25rem" />
          </Link>
        </div>
      </section>
    </>
  );
}

function Hero({
  hero,
  siteName,
  loading,
}: {
  hero: PhotoSummary | undefined;
  siteName: string;
  loading: boolean;
}) {
  const { data: logo } = useGetLogoQuery();

  return (
    <section aria-label="Welcome" className={styles.hero}>
      {hero ? (
        <ResponsiveImage photo={hero} ratio="fill" priority sizes="100vw" alt={hero.title} />
      ) : (
        !loading && <div aria-hidden className={styles.fallback} />
      )}
      <div aria-hidden className={styles.shade} />
      {/* After a payment: the order's confirmation, at the top of the first screen. */}
      <OrderConfirmationSlot className={styles.confirmation} />
      <div className={styles.heroContent}>
        {logo?.logoUrl ? (
          <img
            src={logo.logoUrl}
            alt={siteName}
            width={logo.width ?? undefined}
            height={logo.height ?? undefined}
            className={styles.logo}
          />
        ) : (
          <p className={cx('t-overline', styles.siteName)}>{siteName}</p>
        )}
        <h1 className={cx('t-h1', styles.tagline)}>{TAGLINE}</h1>
        <ButtonLink to="/portfolio" variant="contained" color="secondary" size="large">
          View Portfolio
        </ButtonLink>
      </div>
      <ScrollCueIsland />
    </section>
  );
}

function AllCollectionsTile() {
  return (
    <Link to="/portfolio" className={styles.allTile}>
      <h3 className="t-h4">All Collections</h3>
      <p className={styles.allTileText}>
        Browse every photograph <ArrowForwardIcon size="1.25rem" />
      </p>
    </Link>
  );
}
