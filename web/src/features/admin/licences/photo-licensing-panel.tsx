import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../../lib/api';
import { FormSection } from '../shared/form-section';
import { useSaveWithForm } from '../shared/saved-with-form';
import { useIdParam } from '../shared/use-id-param';
import {
  useGetLicenceCatalogueQuery,
  useGetPhotoLicensingQuery,
  useSavePhotoLicensingMutation,
  type AdminPhotoLicensing,
  type LicenceCatalogue,
  type PriceInput,
} from './api';

const key = (licenceId: number, sizeId: number) => `${licenceId}:${sizeId}`;
/** A pair this photo does not offer (its own row with no price). */
const OFF = 'off';

/**
 * The edit-photo page's "Downloads and licences": "Not for licensing", and this photo's own price
 * of each licence in each size (blank: the default, shown as the placeholder; "Not for this photo"
 * takes a pair off). Saved by the form's 'Save Changes'.
 */
export default function PhotoLicensingPanel() {
  const { id, validId } = useIdParam();
  const { data: catalogue } = useGetLicenceCatalogueQuery();
  const { data: own } = useGetPhotoLicensingQuery(id, { skip: !validId });
  if (!catalogue || !own) return null;
  return <Editor key={own.photoId} own={own} catalogue={catalogue} />;
}

function Editor({ own, catalogue }: { own: AdminPhotoLicensing; catalogue: LicenceCatalogue }) {
  const initial = () =>
    Object.fromEntries(
      own.prices.map((p) => [key(p.licenceId, p.sizeId), p.price === null ? OFF : String(p.price)]),
    );
  const [notForLicensing, setNotForLicensing] = useState(own.notForLicensing);
  const [typed, setTyped] = useState<Record<string, string>>(initial);
  const [error, setError] = useState<string | null>(null);
  const [save] = useSavePhotoLicensingMutation();
  useEffect(() => setNotForLicensing(own.notForLicensing), [own.notForLicensing]);
  const licences = catalogue.licences.filter((l) => !l.archived);
  const sizes = catalogue.sizes.filter((s) => !s.archived);
  const defaults = new Map(catalogue.prices.map((p) => [key(p.licenceId, p.sizeId), p.price]));

  useSaveWithForm(async () => {
    setError(null);
    const prices = Object.entries(typed).flatMap(([k, v]): PriceInput[] => {
      const [licenceId, sizeId] = k.split(':').map(Number);
      if (v === OFF) return [{ licenceId, sizeId, price: null }];
      return v.trim() ? [{ licenceId, sizeId, price: v.trim() }] : [];
    });
    const unchanged =
      notForLicensing === own.notForLicensing && JSON.stringify(typed) === JSON.stringify(initial());
    if (unchanged) return null;
    try {
      await save({ photoId: own.photoId, notForLicensing, prices }).unwrap();
      return null;
    } catch (err) {
      const message = `Downloads and licences: ${errorMessage(err)}`;
      setError(message);
      return message;
    }
  });

  const set = (k: string, v: string) => setTyped({ ...typed, [k]: v });
  return (
    <FormSection
      title="Downloads and licences"
      description={
        <>
          This photo&apos;s own prices, saved with Save Changes. Blank: the default (shown in grey).{' '}
          <RouterLink to="/admin/licences">Edit licences and default prices</RouterLink>
        </>
      }
    >
      <FormControlLabel
        control={<Switch checked={notForLicensing} onChange={(e) => setNotForLicensing(e.target.checked)} />}
        label="Not for licensing"
        sx={{ mb: 1 }}
      />
      {!notForLicensing && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {licences.map((l) => (
            <Box
              key={l.id}
              component="fieldset"
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, m: 0 }}
            >
              <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
                {l.name}
              </Typography>
              {sizes.map((s) => {
                const k = key(l.id, s.id);
                const fallback = defaults.get(k);
                const off = typed[k] === OFF;
                return (
                  <Box key={s.id} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                    <TextField
                      label={s.label}
                      value={off ? '' : (typed[k] ?? '')}
                      onChange={(e) => set(k, e.target.value)}
                      placeholder={
                        off ? 'Not for this photo' : fallback == null ? 'Not offered' : String(fallback)
                      }
                      disabled={off}
                      size="small"
                      fullWidth
                      margin="dense"
                      slotProps={{
                        htmlInput: { inputMode: 'decimal' },
                        input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
                      }}
                    />
                    <Button
                      size="small"
                      onClick={() => set(k, off ? '' : OFF)}
                      aria-label={`${off ? 'Offer' : 'Take off'} ${l.name}, ${s.label}`}
                      sx={{ flex: 'none' }}
                    >
                      {off ? 'Offer' : 'Take off'}
                    </Button>
                  </Box>
                );
              })}
            </Box>
          ))}
        </Box>
      )}
      {error && (
        <Typography role="alert" color="error" variant="body2" sx={{ mt: 1.5 }}>
          {error}
        </Typography>
      )}
    </FormSection>
  );
}
