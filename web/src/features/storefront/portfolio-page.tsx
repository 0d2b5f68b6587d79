import { Navigate, useParams } from 'react-router';
import NotFound from '../../components/not-found';
import { SitePageMeta } from '../../components/page-meta';
import { Button, ButtonLink, cx } from '../../components/ui';
import { useGetCategoriesQuery, useGetPhotosQuery } from '../../lib/catalog-api';
import { useSite } from '../../lib/site-context';
import { PhotoCard, PhotoCardSkeleton, photoGridClass } from './photo-card';
import { categoryRoute, filterByCategory, portfolioTitle } from './portfolio-filter';
import styles from './portfolio-page.module.css';

const SKELETON_COUNT = 6;

export default function PortfolioPage() {
  const { category } = useParams();
  const { credit } = useSite();
  // One list request for every category; filtering happens here, so switching is instant.
  const { data: photos, isLoading, isError, refetch } = useGetPhotosQuery();
  const { data: categories } = useGetCategoriesQuery();
  const title = portfolioTitle(category, categories);
  const visible = filterByCategory(photos ?? [], category);

  // Decided once both lists are in (the server's page carries them, and answers 404 the same way).
  const route = category !== undefined && photos && categories && categoryRoute(category, categories, photos);
  if (route && route.kind === 'unknown') return <NotFound />;
  if (route && route.kind === 'moved') return <Navigate to={route.to} replace />;

  return (
    <div className={'container page'}>
      <SitePageMeta
        page={title}
        description={`${title} by ${credit}. Explore my collection of photographs for sale.`}
        path={category ? `/portfolio/${encodeURIComponent(category)}` : '/portfolio'}
      />
      <div className={cx('page-header', styles.header)}>
        <h1 className={cx('t-h1', styles.title)}>{title}</h1>
        <p className="t-lead t-muted">Explore my collection of photographs for sale.</p>
      </div>

      <nav aria-label="Categories" className={styles.filters}>
        <FilterButton to="/portfolio" label="All" active={!category} />
        {(categories ?? []).map((c) => (
          <FilterButton
            key={c.id}
            to={`/portfolio/${c.name}`}
            label={c.displayName}
            active={category === c.name}
          />
        ))}
      </nav>

      {isLoading ? (
        <div className={photoGridClass} aria-busy="true" aria-label="Loading photos">
          {Array.from({ length: SKELETON_COUNT }, (_, i) => (
            <PhotoCardSkeleton key={i} />
          ))}
        </div>
      ) : isError ? (
        <div className={styles.message}>
          <p className="t-muted">The photos could not be loaded. Please try again later.</p>
          <Button variant="outlined" onClick={() => refetch()}>
            Try Again
          </Button>
        </div>
      ) : visible.length === 0 ? (
        <p className={cx('t-muted', styles.message)}>No photos found in this category.</p>
      ) : (
        <div className={photoGridClass}>
          {visible.map((photo, index) => (
            <PhotoCard key={photo.id} photo={photo} headingLevel="h2" priority={index < 2} />
          ))}
        </div>
      )}
    </div>
  );
}

function FilterButton({ to, label, active }: { to: string; label: string; active: boolean }) {
  return (
    <ButtonLink
      to={to}
      variant={active ? 'contained' : 'outlined'}
      aria-current={active ? 'page' : undefined}
      className={styles.filter}
    >
      {label}
    </ButtonLink>
  );
}
