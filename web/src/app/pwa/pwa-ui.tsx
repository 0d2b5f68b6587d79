import { InstallPrompt } from './install-prompt';
import { UpdatePrompt } from './update-prompt';

/** Loaded lazily by PwaHost: registers the service worker and offers updates and installation. */
export default function PwaUi() {
  return (
    <>
      <UpdatePrompt />
      <InstallPrompt />
    </>
  );
}
