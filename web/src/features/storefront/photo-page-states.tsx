import { useParams } from 'react-router';
import { Button, Skeleton, cx } from '../../components/ui';
import { MessagePage } from '../../components/message-page';
import { useSite } from '../../lib/site-context';
import { pageTitle } from '../../lib/page-title';
import pageStyles from './photo-page.module.css';
import styles from './photo-page-states.module.css';

// What the photo page shows instead of a photo: while it loads, when there is none, when it failed.

export function PhotoSkeleton() {
  return (
    <div className={`container ${pageStyles.page}`} aria-busy="true" aria-label="Loading photo">
      <Skeleton variant="text" className={styles.back} />
      <div className={styles.columns}>
        <Skeleton className={cx(styles.rounded, styles.image)} />
        <div>
          <Skeleton variant="text" className={styles.title} />
          <Skeleton variant="text" />
          <Skeleton variant="text" />
          <Skeleton variant="text" className={styles.lastLine} />
          <div className={styles.cards}>
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} height={96} className={styles.rounded} />
            ))}
          </div>
          <Skeleton height={52} className={styles.button} />
        </div>
      </div>
    </div>
  );
}

export function PhotoNotFound() {
  const { siteName } = useSite();
  const { id = '' } = useParams();
  return (
    <MessagePage
      meta={{ title: pageTitle(siteName, 'Photo Not Found'), path: `/photo/${id}` }}
      title="Photo Not Found"
      text="The photo you are looking for does not exist or has been removed."
      link={{ to: '/portfolio', label: 'Return to Portfolio' }}
    />
  );
}

export function PhotoLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <MessagePage
      titleVariant="h3"
      title="This photo could not be loaded"
      text="Please check your connection and try again."
      action={
        <Button variant="contained" onClick={onRetry}>
          Try Again
        </Button>
      }
    />
  );
}
