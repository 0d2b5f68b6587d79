import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { RichTextEditor } from '../../../components/rich-text-editor';
import { errorMessage } from '../../../lib/api';
import { useCreateLicenceMutation, useUpdateLicenceMutation, type AdminLicence } from './api';

/** A licence's form: name, summary, terms (rich text), "Ask me" and "Taxable"; new when `licence` is null. */
export function LicenceDialog({ licence, onClose }: { licence: AdminLicence | null; onClose: () => void }) {
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [name, setName] = useState(licence?.name ?? '');
  const [summary, setSummary] = useState(licence?.summary ?? '');
  const [termsHtml, setTermsHtml] = useState(licence?.termsHtml ?? '');
  const [askMe, setAskMe] = useState(licence?.askMe ?? false);
  const [taxable, setTaxable] = useState(licence?.taxable ?? true);
  const [error, setError] = useState<string | null>(null);
  const [create, created] = useCreateLicenceMutation();
  const [update, updated] = useUpdateLicenceMutation();
  const busy = created.isLoading || updated.isLoading;

  const save = async () => {
    setError(null);
    if (!name.trim()) return setError('Name is required');
    const fields = { name, summary, termsHtml, askMe, taxable };
    try {
      if (licence) await update({ id: licence.id, ...fields, position: licence.position }).unwrap();
      else await create(fields).unwrap();
      onClose();
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullScreen={phone} fullWidth maxWidth="md">
      <DialogTitle>{licence ? `Edit ${licence.name}` : 'New licence'}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <TextField
            label="Name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            required
            slotProps={{ htmlInput: { maxLength: 80 } }}
            error={Boolean(error) && !name.trim()}
            helperText={
              licence ? `Its page: /licences/${licence.slug}` : 'Its page address is made from the name.'
            }
          />
          <TextField
            label="Summary"
            value={summary}
            onChange={(e) => setSummary(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 300 } }}
            helperText="One line where buyers compare licences, e.g. 'One article or post. Credit required.'"
            multiline
          />
          <RichTextEditor
            id="licence-terms"
            label="Terms"
            value={termsHtml}
            onChange={setTermsHtml}
            disabled={busy}
          />
          <FormControlLabel
            control={<Switch checked={askMe} onChange={(e) => setAskMe(e.target.checked)} />}
            label="Ask me"
          />
          <FormControlLabel
            control={<Switch checked={taxable} onChange={(e) => setTaxable(e.target.checked)} />}
            label="Taxable"
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
