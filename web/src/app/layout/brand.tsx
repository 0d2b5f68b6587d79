import type { Logo } from '../../lib/api-types';
import { useSite } from '../../lib/site-context';
import { cx } from '../../components/ui';
import { pictureSources } from '../../components/image-sources';
import styles from './brand.module.css';

/** The site logo (/api/logo's answer), or the site name in the heading face when there is none. */
export function Brand({
  height = 40,
  light = false,
  logo,
}: {
  height?: number;
  light?: boolean;
  logo: Logo | null | undefined;
}) {
  const { siteName } = useSite();
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
      className={cx(styles.name, light && styles.light, logo === undefined && styles.loading)}
      style={{ fontSize: height * 0.6 }}
    >
      {siteName}
    </span>
  );
}
