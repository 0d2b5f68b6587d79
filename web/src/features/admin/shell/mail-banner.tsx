import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import { useGetMailStatusQuery, type MailStatus } from './api';
import { MESSAGES_PATH } from './admin-links';
import { useDismissal } from '../shared/dismissal';
import { code, SetupBanner } from './setup-banner';

const HIDDEN_KEY = 'wildframe:mail-banner-hidden';

/** What the banner says depends on these: hidden until one of them changes. */
const fingerprint = (s: MailStatus) =>
  JSON.stringify([s.smtpConfigured, s.ownerEmailConfigured, s.outboxDir]);

/**
 * Shown on every admin screen while e-mail is not set up: where mail goes now (files in the
 * outbox folder, or nowhere for the owner's copies) and which settings send it. Once she hides
 * it, it stays hidden on this browser (reloads, sign-ins) until the mail settings change.
 */
export function MailBanner() {
  const { data } = useGetMailStatusQuery();
  const { hidden, hide } = useDismissal(HIDDEN_KEY, data ? fingerprint(data) : null);
  if (!data || hidden || (data.smtpConfigured && data.ownerEmailConfigured)) return null;

  return (
    <SetupBanner severity="warning" label="E-mail set-up" title="E-mail is not set up" onHide={hide}>
      <MailBannerText status={data} />
    </SetupBanner>
  );
}

function MailBannerText({ status }: { status: MailStatus }) {
  const { smtpConfigured, ownerEmailConfigured, outboxDir } = status;
  const messages = (
    <>
      Contact messages are always in{' '}
      <Link component={RouterLink} to={MESSAGES_PATH} color="inherit" underline="always">
        Messages
      </Link>
      .
    </>
  );
  const restart = ', then restart the shop.';
  if (!smtpConfigured)
    return (
      <>
        E-mails are saved as files under {code(outboxDir)} on the server instead of being sent. {messages} To
        send e-mail, set {code('SMTP_URL')}
        {ownerEmailConfigured ? '' : <> and {code('OWNER_EMAIL')} (your address)</>}
        {restart}
      </>
    );
  return (
    <>
      Contact messages and new-order notices are not e-mailed to you. {messages} To receive them, set{' '}
      {code('OWNER_EMAIL')} (your address){restart}
    </>
  );
}
