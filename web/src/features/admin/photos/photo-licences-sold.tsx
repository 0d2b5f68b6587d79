import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { api } from '../../../lib/api';
import { errorMessage } from '../../../lib/api-error';
import type { LicenceSold } from '../../../lib/api-types';

const licencesSoldApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPhotoLicencesSold: build.query<LicenceSold[], number>({
      query: (photoId) => `/admin/photos/${photoId}/licences`,
      keepUnusedDataFor: 30,
    }),
    // a fresh download link e-mailed to the order's address; the one before stops working
    resendLicenceLinks: build.mutation<{ message: string }, string>({
      query: (grantId) => ({
        url: `/admin/licences/grants/${encodeURIComponent(grantId)}/resend`,
        method: 'POST',
      }),
    }),
  }),
});
const { useGetPhotoLicencesSoldQuery, useResendLicenceLinksMutation } = licencesSoldApi;

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { day: 'numeric', month: 'short', year: 'numeric' });

/** "Licences sold" under a photo: who, which licence and size, when, its order; valid or revoked. */
export function PhotoLicencesSold({ photoId }: { photoId: number }) {
  const { data, error } = useGetPhotoLicencesSoldQuery(photoId);
  const [resend, resent] = useResendLicenceLinksMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  return (
    <Box
      component="section"
      aria-label="Licences sold"
      sx={{ mt: 4, pt: 3, borderTop: 1, borderColor: 'divider' }}
    >
      <Typography variant="h6" component="h2" gutterBottom>
        Licences sold
      </Typography>
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      {data && data.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          No licence of this photo has been sold yet.
        </Typography>
      )}
      {resent.error && <Alert severity="error">{errorMessage(resent.error)}</Alert>}
      {sentTo && resent.data && (
        <Alert severity="success">Links for {sentTo} sent to the order&apos;s e-mail.</Alert>
      )}
      <Stack spacing={1.5} sx={{ mt: 1 }}>
        {data?.map((g) => (
          <Box key={g.grantId} sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
            <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{g.licensee}</Typography>
              <Typography variant="body2" color="text.secondary">
                {g.licenceName} · {g.sizeLabel} · {day(g.issuedAt)} · Order #{g.orderId} · {g.grantId}
              </Typography>
            </Box>
            <Chip
              size="small"
              color={g.revokedAt ? 'error' : 'success'}
              label={g.revokedAt ? `Revoked ${day(g.revokedAt)}` : 'Valid'}
            />
            {!g.revokedAt && (
              <Button
                size="small"
                disabled={resent.isLoading}
                onClick={() => {
                  setSentTo(g.grantId);
                  void resend(g.grantId);
                }}
              >
                Resend links
              </Button>
            )}
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
