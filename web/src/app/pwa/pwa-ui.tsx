import { InstallPrompt } from './install-prompt';
import { LocationsPurgeOnStart } from './locations-purge-on-start';
import { UpdatePrompt } from './update-prompt';

export type PwaProps = {
  /** The page shown (the install offer counts pages, never on checkout or the admin). */
  pathname: string;
  /** /api/site's locationsVersion, null until known. */
  locationsVersion: string | null;
};

/**
 * Loaded lazily by PwaHost: registers the service worker, offers updates and installation, and
 * drops cached pages that may hold a place since protected.
 */
export default function PwaUi({ pathname, locationsVersion }: PwaProps) {
  return (
    <>
      <UpdatePrompt />
      <InstallPrompt pathname={pathname} />
      <LocationsPurgeOnStart version={locationsVersion} />
    </>
  );
}
