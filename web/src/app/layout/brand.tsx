import { useGetLogoQuery } from '../../lib/content-api';
import { useSite } from '../../lib/site-context';
import { cx } from '../../components/ui';
import { pictureSources } from '../../components/image-sources';
import styles from './brand.module.css';

/** The site logo from /api/logo, or the site name in the heading face when there is none. */
export function Brand({ height = 40, light = false }: { height?: number; light?: boolean }) {
  const { siteName } = useSite();
  const { data: logo, isLoading } = useGetLogoQuery();
  if (logo?.logoUrl) {
    const width = logo.width && logo.height ? Math.round((logo.width / logo.height) * height) : undefined;
    // The logo's thumbnail files (up to 400 px wide, plenty for a header): AVIF where the browser
    // reads it, else PNG, which keeps a transparent logo transparent.
    const picture = logo.files ? pictureSources(logo.files, true) : undefined;
    const img = (
      <img
        src={picture?.img.src ?? logo.logoUrl}
        alt={siteName}
        height={height}
        width={width}
        className={styles.logo}
        style={{ height, width }}
      />
    );
    if (!picture) return img;
    return (
      <picture className={styles.picture}>
        {picture.sources.map((source) => (
          <source key={source.type} type={source.type} srcSet={source.srcSet} />
        ))}
        {img}
      </picture>
    );
  }
  return (
    <span
      className={cx(styles.name, light && styles.light, isLoading && styles.loading)}
      style={{ fontSize: height * 0.6 }}
    >
      {siteName}
    </span>
  );
}
