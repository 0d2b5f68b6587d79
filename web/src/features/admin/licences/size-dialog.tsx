import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { errorMessage } from '../../../lib/api';
import { useCreateDownloadSizeMutation, useUpdateDownloadSizeMutation, type AdminDownloadSize } from './api';

/** A download size: its label and long edge (blank: the original's full resolution). */
export function SizeDialog({ size, onClose }: { size: AdminDownloadSize | null; onClose: () => void }) {
  const [label, setLabel] = useState(size?.label ?? '');
  const [edge, setEdge] = useState(size?.longEdgePx === null || !size ? '' : String(size.longEdgePx));
  const [error, setError] = useState<string | null>(null);
  const [create, created] = useCreateDownloadSizeMutation();
  const [update, updated] = useUpdateDownloadSizeMutation();
  const busy = created.isLoading || updated.isLoading;
  const save = async () => {
    setError(null);
    const longEdgePx = edge.trim() === '' ? null : Number(edge);
    try {
      if (size) await update({ id: size.id, label, longEdgePx, position: size.position }).unwrap();
      else await create({ label, longEdgePx }).unwrap();
      onClose();
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="xs">
      <DialogTitle>{size ? `Edit ${size.label}` : 'New download size'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <TextField
            label="Label"
            value={label}
            onChange={(e) => setLabel(e.target.value)}
            required
            slotProps={{ htmlInput: { maxLength: 60 } }}
          />
          <TextField
            label="Long edge (px)"
            value={edge}
            onChange={(e) => setEdge(e.target.value)}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            helperText="320 to 20000; blank: the original's full resolution. A photo smaller than this is never enlarged."
          />
          {error && (
            <p role="alert" style={{ color: '#b3261e', margin: 0 }}>
              {error}
            </p>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={save} disabled={busy}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
