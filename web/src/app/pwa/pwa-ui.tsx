import { InstallPrompt } from './install-prompt';
import { LocationsPurgeOnStart } from './locations-purge-on-start';
import { UpdatePrompt } from './update-prompt';

/**
 * Loaded lazily by PwaHost: registers the service worker, offers updates and installation, and
 * drops cached pages that may hold a place since protected.
 */
export default function PwaUi() {
  return (
    <>
      <UpdatePrompt />
      <InstallPrompt />
      <LocationsPurgeOnStart />
    </>
  );
}
