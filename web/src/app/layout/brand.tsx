import { useGetLogoQuery } from '../../lib/content-api';
import { useSite } from '../../lib/site-context';
import { cx } from '../../components/ui';
import styles from './brand.module.css';

/** The site logo from /api/logo, or the site name in the heading face when there is none. */
export function Brand({ height = 40, light = false }: { height?: number; light?: boolean }) {
  const { siteName } = useSite();
  const { data: logo, isLoading } = useGetLogoQuery();
  if (logo?.logoUrl) {
    const width = logo.width && logo.height ? Math.round((logo.width / logo.height) * height) : undefined;
    return (
      <img
        src={logo.logoUrl}
        alt={siteName}
        height={height}
        width={width}
        className={styles.logo}
        style={{ height, width }}
      />
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
