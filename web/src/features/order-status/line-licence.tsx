import { useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { LineLicence } from '../../lib/api-types';
import { errorMessage } from '../../lib/api-error';
import { useSite } from '../../lib/site-context';
import { useSendFreshLicenceLinkMutation } from './api';

// in the shop's time zone, as the rest of the order page: the server's render and the browser's agree
const day = (iso: string, timeZone: string) =>
  new Date(iso).toLocaleDateString('en-US', { day: 'numeric', month: 'long', year: 'numeric', timeZone });

/** The link's state in words: the link itself is only in the e-mails. */
function linkState(licence: LineLicence, timeZone: string): string {
  if (licence.revoked) return 'This licence was revoked: its file can no longer be downloaded.';
  const link = licence.link;
  if (!link) return 'No download link yet: ask for one below.';
  if (link.usable)
    return `Your download link works until ${day(link.expiresAt, timeZone)}, for ${link.downloadsLeft} more download${link.downloadsLeft === 1 ? '' : 's'}.`;
  return link.downloadsLeft === 0
    ? 'Your download link has been used up.'
    : `Your download link expired on ${day(link.expiresAt, timeZone)}.`;
}

/** A licence line on the buyer's order page: the licence id, its certificate and check page, the link. */
export function LineLicenceBlock({ licence }: { licence: LineLicence }) {
  const { token = '' } = useParams();
  const { timeZone } = useSite();
  const [send, { data, error, isLoading }] = useSendFreshLicenceLinkMutation();
  return (
    <Box sx={{ mt: 0.75 }} data-testid={`licence-${licence.grantId}`}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        Licence {licence.grantId}
        {licence.revoked && ' (revoked)'}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        For {licence.licensee}
      </Typography>
      <Typography variant="body2" sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
        {licence.certificateUrl && (
          <Link href={licence.certificateUrl} target="_blank" rel="noopener">
            Licence certificate
          </Link>
        )}
        <Link href={licence.verifyUrl}>Check this licence</Link>
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {linkState(licence, timeZone)}
      </Typography>
      {!licence.revoked && (
        <Button
          size="small"
          variant="outlined"
          sx={{ mt: 0.75 }}
          disabled={isLoading || !!data}
          onClick={() => void send({ token, lineId: licence.lineId })}
        >
          Send me a fresh link
        </Button>
      )}
      {data && (
        <Alert severity="success" sx={{ mt: 1 }}>
          {data.message}
        </Alert>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {errorMessage(error)}
        </Alert>
      )}
    </Box>
  );
}
