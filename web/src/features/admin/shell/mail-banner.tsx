import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useGetMailStatusQuery, type MailStatus } from './api';
import { MESSAGES_PATH } from './admin-links';
import { useDismissal } from '../shared/dismissal';

const HIDDEN_KEY = 'wildframe:mail-banner-hidden';

/** What the banner says depends on these: hidden until one of them changes. */
const fingerprint = (s: MailStatus) =>
  JSON.stringify([s.smtpConfigured, s.ownerEmailConfigured, s.outboxDir]);

const code = (text: string) => (
  <code style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontWeight: 600 }}>
    {text}
  </code>
);

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
    <Alert
      severity="warning"
      square
      role="region"
      aria-label="E-mail set-up"
      action={
        <Button color="inherit" size="small" onClick={hide} sx={{ whiteSpace: 'nowrap', minWidth: 0 }}>
          Hide
        </Button>
      }
      sx={{
        borderBottom: 1,
        borderColor: 'divider',
        px: { xs: 1.5, sm: 3 },
        py: { xs: 0.5, sm: 1 },
        overflowWrap: 'anywhere',
        '& .MuiAlert-icon': { mr: { xs: 1, sm: 1.5 } },
        '& .MuiAlert-action': { pl: 1, mr: 0 },
      }}
    >
      <AlertTitle>E-mail is not set up</AlertTitle>
      <MailBannerText status={data} />
    </Alert>
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
