import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../lib/api';
import type { AdminEdition } from '../../../lib/editions';
import { useActionToast } from '../shared/action-toast';
import { useGetAdminPhotoQuery } from '../shared/api';
import { FormSection } from '../shared/form-section';
import { useIdParam } from '../shared/use-id-param';
import {
  useCloseEditionMutation,
  useRemoveEditionMutation,
  useSaveEditionMutation,
  type EditionTarget,
} from './api';

/**
 * The edit-photo page's "Limited edition" section: one edition shared by all the photo's sizes,
 * or one per size. Saved apart from the photo's form (each edition has its own address).
 */
export default function PhotoEditionPanel() {
  const { id, validId } = useIdParam();
  const { data: photo } = useGetAdminPhotoQuery(id, { skip: !validId });
  const shared = photo ? photo.edition : null;
  const options = photo?.printOptions ?? [];
  const perSize = options.some((option) => option.edition);
  const [sharedMode, setSharedMode] = useState<boolean | null>(null);
  if (!photo) return null;
  const isShared = sharedMode ?? !perSize;
  return (
    <Box sx={{ mt: 4 }}>
      <FormSection
        title="Limited edition"
        description="Numbered prints, each with a certificate of authenticity. After the first sale an edition's size can no longer be raised."
      >
        <FormControlLabel
          control={
            <Switch
              checked={isShared}
              onChange={(event) => setSharedMode(event.target.checked)}
              disabled={Boolean(shared) || perSize}
            />
          }
          label="One edition shared by all sizes"
          sx={{ mb: 2 }}
        />
        {isShared ? (
          <EditionEditor target={{ photoId: photo.id }} edition={shared} withProofs />
        ) : options.length === 0 ? (
          <Typography color="text.secondary">Add print options to give each size its own edition.</Typography>
        ) : (
          <Stack spacing={3}>
            {options.map((option) => (
              <Box key={option.id} component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
                <Typography component="legend" sx={{ fontWeight: 600, mb: 1 }}>
                  {option.size} {option.format}
                </Typography>
                <EditionEditor target={{ photoId: photo.id, optionId: option.id }} edition={option.edition} />
              </Box>
            ))}
          </Stack>
        )}
      </FormSection>
    </Box>
  );
}

const status = (edition: AdminEdition) =>
  edition.closed
    ? `Closed · ${edition.taken} of ${edition.size} sold`
    : edition.soldOut
      ? `Sold out · ${edition.taken} of ${edition.size} sold`
      : `${edition.taken} of ${edition.size} taken · ${edition.left} left`;

function EditionEditor({
  target,
  edition,
  withProofs = false,
}: {
  target: EditionTarget;
  edition: AdminEdition | null;
  withProofs?: boolean;
}) {
  const [size, setSize] = useState(edition ? String(edition.size) : '');
  const [proofs, setProofs] = useState(edition ? String(edition.artistProofs) : '0');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [save, { isLoading: saving }] = useSaveEditionMutation();
  const [remove, { isLoading: removing }] = useRemoveEditionMutation();
  const [close, { isLoading: closing }] = useCloseEditionMutation();
  const act = useActionToast();
  const sizeId = `edition-size-${target.optionId ?? 'shared'}`;

  const onSave = async () => {
    setError(null);
    // the server checks the numbers (and says why); text stays text so it is refused, not guessed
    const body = {
      size: size.trim() === '' ? Number.NaN : Number(size),
      ...(withProofs ? { artistProofs: proofs.trim() === '' ? 0 : Number(proofs) } : {}),
    };
    await act(() => save({ ...target, ...body } as never).unwrap(), {
      done: { title: 'Edition saved' },
      failure: 'save the edition',
      onError: (err) => setError(errorMessage(err)),
    });
  };

  return (
    <Stack spacing={1.5}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          id={sizeId}
          label="Edition size"
          value={size}
          onChange={(event) => setSize(event.target.value)}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          error={Boolean(error)}
          helperText={error ?? (edition ? status(edition) : 'Empty: not a limited edition')}
          disabled={edition?.closed}
          sx={{ width: { xs: '100%', sm: 200 } }}
        />
        {withProofs && (
          <TextField
            label="Artist's proofs"
            value={proofs}
            onChange={(event) => setProofs(event.target.value)}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            helperText="Not sold in the shop"
            disabled={edition?.closed}
            sx={{ width: { xs: '100%', sm: 200 } }}
          />
        )}
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="contained" onClick={() => void onSave()} disabled={saving || edition?.closed}>
          {saving ? 'Saving...' : edition ? 'Save edition' : 'Make it an edition'}
        </Button>
        {edition && edition.taken === 0 && (
          <Button
            variant="outlined"
            disabled={removing}
            onClick={() =>
              void act(() => remove(target).unwrap(), {
                done: { title: 'Edition removed' },
                failure: 'remove the edition',
              }).then((ok) => ok && setSize(''))
            }
          >
            Remove edition
          </Button>
        )}
        {edition && !edition.closed && (
          <Button variant="outlined" color="warning" onClick={() => setConfirming(true)}>
            Close edition
          </Button>
        )}
      </Stack>
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby={`${sizeId}-close`}>
        <DialogTitle id={`${sizeId}-close`}>Close this edition?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            No more prints of it will be sold ({edition?.taken ?? 0} of {edition?.size ?? 0} were). This
            cannot be undone.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>Cancel</Button>
          <Button
            color="warning"
            variant="contained"
            disabled={closing}
            onClick={() =>
              void act(() => close(target).unwrap(), {
                done: { title: 'Edition closed' },
                failure: 'close the edition',
              }).then(() => setConfirming(false))
            }
          >
            Close edition
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
