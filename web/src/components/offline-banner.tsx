import { defineIsland } from '../islands/island';
import styles from './offline-banner.module.css';
import { useOnline } from './use-online';

export const OFFLINE_BANNER_TEXT =
  'You are offline. Pages you have visited still work; ordering and sending messages need a connection.';

/** A quiet bar that says the network is gone and what still works; renders nothing when online. */
export default function OfflineBanner({ className }: { className?: string }) {
  const online = useOnline();
  return (
    // The live region stays mounted so screen readers announce the change when it fills.
    <div role="status" className={className}>
      {!online && <div className={styles.bar}>{OFFLINE_BANNER_TEXT}</div>}
    </div>
  );
}

export const OfflineBannerIsland = defineIsland('offline-banner', OfflineBanner);
