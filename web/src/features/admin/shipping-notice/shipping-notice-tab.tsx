import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { ShippingNotice } from '../../../lib/api-types';
import { useGetShippingNoticeQuery } from '../../../lib/content-api';
import { NoticeLines } from '../../../components/shipping-notice-banner';
import { useSaveShippingNoticeMutation, type ShippingNoticeInput } from './api';
import { FormTextField } from '../shared/form-field';
import { LoadError } from '../shared/load-error';
import { SaveChangesButton } from '../shared/save-changes-button';
import { useActionToast } from '../shared/action-toast';

export default function ShippingNoticeTab() {
  const { data, isLoading, isError, refetch } = useGetShippingNoticeQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h5" component="h2">
          Temporary Shipping Notice
        </Typography>
        <Typography color="text.secondary">
          When active, this notice shows on every photo page, at checkout and in order confirmation e-mails.
        </Typography>
      </Box>
      {isLoading ? (
        <Skeleton variant="rounded" height={300} aria-label="Loading shipping notice" />
      ) : isError || !data ? (
        // No form without the stored notice: saving would overwrite it with blanks.
        <LoadError onRetry={refetch}>Failed to load the shipping notice.</LoadError>
      ) : (
        <ShippingNoticeForm notice={data} />
      )}
    </Stack>
  );
}

function ShippingNoticeForm({ notice }: { notice: ShippingNotice }) {
  const withToast = useActionToast();
  const [save, { isLoading: saving }] = useSaveShippingNoticeMutation();
  const [isActive, setIsActive] = useState(notice.isActive);
  const [line1, setLine1] = useState(notice.line1 ?? '');
  const [line2, setLine2] = useState(notice.line2 ?? '');
  const [line1Error, setLine1Error] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (line1.trim() === '') {
      setLine1Error('First line of notice is required.');
      return;
    }
    setLine1Error(null);
    const body: ShippingNoticeInput = { line1: line1.trim(), isActive };
    if (line2.trim() !== '') body.line2 = line2.trim();
    await withToast(() => save(body).unwrap(), {
      done: { title: 'Success', description: 'Shipping notice has been updated' },
      failure: 'save shipping notice',
    });
  };

  const previewLines = [line1.trim(), line2.trim()].filter(Boolean);

  return (
    <Paper
      variant="outlined"
      component="form"
      onSubmit={(event: FormEvent) => void onSubmit(event)}
      noValidate
      sx={{ p: { xs: 2, sm: 3 }, maxWidth: 760 }}
    >
      <Stack spacing={3}>
        <FormControlLabel
          control={<Switch checked={isActive} onChange={(event) => setIsActive(event.target.checked)} />}
          label={isActive ? 'Notice is active' : 'Notice is inactive'}
          disabled={saving}
        />
        <FormTextField
          label="First Line (Required)"
          placeholder="Orders placed after June 15 will ship after July 1."
          value={line1}
          onValueChange={(value) => {
            setLine1(value);
            if (line1Error && value.trim() !== '') setLine1Error(null);
          }}
          error={line1Error ?? undefined}
          helperText="The main message, shown in bold."
          disabled={saving}
          fullWidth
        />
        <FormTextField
          label="Second Line (Optional)"
          placeholder="Thank you for your patience while I am in the field."
          value={line2}
          onValueChange={setLine2}
          helperText="Extra detail shown beneath the first line."
          disabled={saving}
          fullWidth
        />

        {previewLines.length > 0 && (
          <Box>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
              Preview{isActive ? '' : ' (not shown while inactive)'}
            </Typography>
            {/* Inactive: a dashed outline on a neutral ground says so; the text keeps full contrast
                (dimming it with opacity fell to 3.64:1). */}
            <Box
              sx={{
                p: 2,
                borderRadius: 1.5,
                bgcolor: isActive ? 'secondary.light' : 'grey.100',
                border: '1px solid',
                borderStyle: isActive ? 'solid' : 'dashed',
                borderColor: isActive ? 'secondary.main' : 'text.secondary',
                color: 'text.primary',
              }}
            >
              <NoticeLines lines={previewLines} />
            </Box>
          </Box>
        )}

        <SaveChangesButton saving={saving} />
      </Stack>
    </Paper>
  );
}
