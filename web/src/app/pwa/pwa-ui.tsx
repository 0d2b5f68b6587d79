import { InstallPrompt, type LocationSource } from './install-prompt';
import { UpdatePrompt } from './update-prompt';

/** Loaded lazily by PwaHost: registers the service worker and offers updates and installation. */
export default function PwaUi({ router }: { router: LocationSource }) {
  return (
    <>
      <UpdatePrompt />
      <InstallPrompt router={router} />
    </>
  );
}
