import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../lib/api';
import { useActionToast } from '../shared/action-toast';
import { useSaveLicencePricesMutation, type LicenceCatalogue } from './api';

const key = (licenceId: number, sizeId: number) => `${licenceId}:${sizeId}`;

/** The default prices: one field per live licence and size (a card per licence, phone-first). */
export function PriceGrid({ catalogue }: { catalogue: LicenceCatalogue }) {
  const licences = catalogue.licences.filter((l) => !l.archived);
  const sizes = catalogue.sizes.filter((s) => !s.archived);
  const [typed, setTyped] = useState<Record<string, string>>(() =>
    Object.fromEntries(catalogue.prices.map((p) => [key(p.licenceId, p.sizeId), String(p.price ?? '')])),
  );
  const [error, setError] = useState<string | null>(null);
  const [save, saving] = useSaveLicencePricesMutation();
  const act = useActionToast();

  const submit = async () => {
    setError(null);
    // every pair of the grid, the archived ones' prices kept as they are
    const shown = new Set(licences.flatMap((l) => sizes.map((s) => key(l.id, s.id))));
    const prices = [
      ...licences.flatMap((l) =>
        sizes.map((s) => ({ licenceId: l.id, sizeId: s.id, price: typed[key(l.id, s.id)]?.trim() || null })),
      ),
      ...catalogue.prices.filter((p) => !shown.has(key(p.licenceId, p.sizeId))),
    ];
    await act(() => save(prices).unwrap(), {
      done: { title: 'Prices saved', description: 'Every photo page shows the new prices.' },
      failure: 'save the prices',
      onError: (err) => setError(errorMessage(err)),
    });
  };

  return (
    <Box>
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
            {sizes.map((s) => (
              <TextField
                key={s.id}
                label={s.label}
                value={typed[key(l.id, s.id)] ?? ''}
                onChange={(e) => setTyped({ ...typed, [key(l.id, s.id)]: e.target.value })}
                placeholder="Not offered"
                size="small"
                fullWidth
                margin="dense"
                slotProps={{
                  htmlInput: { inputMode: 'decimal' },
                  input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
                }}
              />
            ))}
          </Box>
        ))}
      </Box>
      {error && (
        <Typography role="alert" color="error" variant="body2" sx={{ mt: 1.5 }}>
          {error}
        </Typography>
      )}
      <Button variant="contained" onClick={submit} disabled={saving.isLoading} sx={{ mt: 2 }}>
        Save prices
      </Button>
    </Box>
  );
}
