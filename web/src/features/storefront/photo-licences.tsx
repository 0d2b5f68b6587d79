import { lazy, Suspense, useId, useState } from 'react';
import type { PhotoDetail } from '../../lib/api-types';
import { ExpandMoreIcon, cx } from '../../components/ui';
import styles from './photo-licences.module.css';

// The comparison, its size choice and 'Add to Cart' are a chunk of their own, fetched when the
// buyer opens "Downloads and licences": the photo page loads none of it before (as the wall preview).
const LicenceCompare = lazy(() => import('./licence-compare'));

/**
 * The photo page's "Downloads and licences" (issue 46): closed at first, a disclosure button the
 * server renders; opened, the licences compared for this photo. Nothing when the photo is not for
 * licensing or nothing is offered.
 */
export function PhotoLicences({ photo }: { photo: PhotoDetail }) {
  const [open, setOpen] = useState(false);
  const panel = useId();
  const licensing = photo.licensing;
  if (!licensing) return null;
  return (
    <section className={styles.section}>
      <h2 className={styles.heading}>
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={open}
          aria-controls={panel}
          onClick={() => setOpen((o) => !o)}
        >
          <span>Downloads and licences</span>
          <ExpandMoreIcon className={cx(styles.chevron, open && styles.chevronOpen)} />
        </button>
      </h2>
      <p className={cx('t-body2 t-muted', styles.lead)}>
        The file for an article, a poster or your phone, with a licence you can read first.
      </p>
      <div id={panel} hidden={!open}>
        {open && (
          <Suspense fallback={<p className="t-body2 t-muted">Loading the licences…</p>}>
            <LicenceCompare photoId={photo.id} licensing={licensing} />
          </Suspense>
        )}
      </div>
    </section>
  );
}
