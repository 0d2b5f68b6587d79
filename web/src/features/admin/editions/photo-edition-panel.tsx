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
import { useSaveWithForm } from '../shared/saved-with-form';
import { useIdParam } from '../shared/use-id-param';
import {
  useCloseEditionMutation,
  useRemoveEditionMutation,
  useSaveEditionMutation,
  type EditionTarget,
} from './api';

/**
 * The edit-photo page's "Limited edition" section: one edition shared by all the photo's sizes,
 * or one per size. It sits in the photo's form and is saved by its 'Save Changes' (each edition
 * is sent to its own address, before the photo); closing one is an action of its own.
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
    <FormSection
      title="Limited edition"
      description="Numbered prints, each with a certificate of authenticity, saved with Save Changes. After the first sale an edition's size can no longer be raised; empty the size of an edition with no sales to remove it."
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
  const [save] = useSaveEditionMutation();
  const [remove] = useRemoveEditionMutation();
  const [close, { isLoading: closing }] = useCloseEditionMutation();
  const act = useActionToast();
  const sizeId = `edition-size-${target.optionId ?? 'shared'}`;

  // run by the photo form's 'Save Changes': only what changed is sent
  useSaveWithForm(async () => {
    setError(null);
    const sizeText = size.trim();
    const proofsText = proofs.trim() === '' ? '0' : proofs.trim();
    if (edition?.closed) return null;
    if (!edition && sizeText === '') return null;
    const unchanged =
      edition &&
      sizeText === String(edition.size) &&
      (!withProofs || proofsText === String(edition.artistProofs));
    if (unchanged) return null;
    try {
      if (edition && sizeText === '') await remove(target).unwrap();
      else {
        // the server checks the numbers (and says why); text stays text so it is refused, not guessed
        const body = {
          size: sizeText === '' ? Number.NaN : Number(sizeText),
          ...(withProofs ? { artistProofs: Number(proofsText) } : {}),
        };
        await save({ ...target, ...body } as never).unwrap();
      }
      return null;
    } catch (err) {
      const message = errorMessage(err);
      setError(message);
      return message;
    }
  });

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
      {edition && !edition.closed && (
        <Box>
          <Button variant="outlined" color="warning" onClick={() => setConfirming(true)}>
            Close edition
          </Button>
        </Box>
      )}
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
