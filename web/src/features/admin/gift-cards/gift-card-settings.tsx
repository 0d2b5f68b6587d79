import { useMemo, useState, type FormEvent } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import CloseIcon from '@mui/icons-material/Close';
import { useToast } from '../../../components/toast';
import { formatPrice } from '../../../lib/format';
import { useGetAdminPhotosQuery } from '../shared/api';
import { FormSection } from '../shared/form-section';
import { MoneyField } from '../shared/form-field';
import { OtherErrors } from '../shared/other-errors';
import { splitServerErrors } from '../shared/server-errors';
import { useSettingsForm } from '../shared/use-settings-form';
import { useSaveGiftCardSettingsMutation, type GiftCardSettings } from './api';

const FIELDS = ['enabled', 'amounts', 'photoIds'] as const;
type Field = (typeof FIELDS)[number];
type Photo = { id: number; title: string };

/** Her settings: gift cards sold or not, the amounts offered and the photos a card may show (in order). */
export function GiftCardSettingsForm({ settings }: { settings: GiftCardSettings }) {
  const toast = useToast();
  const [save, { isLoading: saving }] = useSaveGiftCardSettingsMutation();
  const { data: allPhotos, isLoading: photosLoading } = useGetAdminPhotosQuery();
  const [enabled, setEnabled] = useState(settings.enabled);
  const [amounts, setAmounts] = useState<number[]>(settings.amounts);
  const [newAmount, setNewAmount] = useState('');
  const [photos, setPhotos] = useState<Photo[]>(settings.photos.map(({ id, title }) => ({ id, title })));
  const form = useSettingsForm<Field>({
    saving,
    failure: 'save gift card settings',
    placeErrors: (answer) => {
      const { byField, first, other } = splitServerErrors(answer, FIELDS);
      return { byField, focusId: first && `gift-card-${first}`, other };
    },
  });
  const choices = useMemo(
    () =>
      (allPhotos ?? [])
        .filter((p) => !photos.some((c) => c.id === p.id))
        .map(({ id, title }) => ({ id, title })),
    [allPhotos, photos],
  );

  const addAmount = () => {
    const dollars = Number(newAmount);
    if (!newAmount.trim() || !Number.isFinite(dollars)) return;
    form.clear('amounts');
    // shown from the smallest: how a buyer reads a row of amounts
    setAmounts((prev) => [...new Set([...prev, dollars])].sort((a, b) => a - b));
    setNewAmount('');
  };
  const move = (index: number, offset: -1 | 1) =>
    setPhotos((prev) => {
      const next = [...prev];
      [next[index], next[index + offset]] = [next[index + offset]!, next[index]!];
      return next;
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const saved = await form.save(() =>
      save({ enabled, amounts, photoIds: photos.map((p) => p.id) }).unwrap(),
    );
    if (saved)
      toast({
        title: 'Gift Card Settings Saved',
        description: saved.enabled ? 'Gift cards are on sale.' : 'Gift cards are not sold for now.',
      });
  };

  return (
    <FormSection
      title="Settings"
      titleId="gift-card-settings-title"
      description="Whether buyers can buy gift cards, the amounts they pick from ($10 to $500) and the photos a card can show."
    >
      <Stack component="form" spacing={2.5} onSubmit={(e) => void submit(e)} noValidate>
        <FormControlLabel
          control={
            <Switch
              id="gift-card-enabled"
              checked={enabled}
              onChange={(event) => setEnabled(event.target.checked)}
              disabled={saving}
            />
          }
          label="Sell gift cards"
        />

        <Box>
          <Typography component="h3" variant="subtitle2" id="gift-card-amounts-label" sx={{ mb: 1 }}>
            Amounts offered
          </Typography>
          <Box
            component="ul"
            aria-labelledby="gift-card-amounts-label"
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0, mb: 1.5 }}
          >
            {amounts.map((a) => (
              <li key={a}>
                <Chip
                  label={formatPrice(a)}
                  onDelete={saving ? undefined : () => setAmounts((prev) => prev.filter((x) => x !== a))}
                />
              </li>
            ))}
          </Box>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', maxWidth: 360 }}>
            <MoneyField
              id="gift-card-amounts"
              label="Add an amount"
              size="small"
              min={10}
              value={newAmount}
              onValueChange={setNewAmount}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  addAmount();
                }
              }}
              error={form.errors.amounts}
              disabled={saving}
              fullWidth
            />
            <Button
              variant="outlined"
              onClick={addAmount}
              disabled={saving || !newAmount.trim()}
              sx={{ mt: 0.25 }}
            >
              Add
            </Button>
          </Box>
        </Box>

        <Box>
          <Autocomplete
            id="gift-card-photoIds"
            options={choices}
            value={null}
            loading={photosLoading}
            disabled={saving}
            getOptionLabel={(p) => p.title}
            onChange={(_event, picked) => {
              if (picked) setPhotos((prev) => [...prev, picked]);
              form.clear('photoIds');
            }}
            blurOnSelect
            renderInput={(params) => (
              <TextField
                {...params}
                label="Add a photo"
                size="small"
                error={Boolean(form.errors.photoIds)}
                helperText={
                  form.errors.photoIds ?? 'The photos a buyer can pick for the card, in this order.'
                }
              />
            )}
            sx={{ maxWidth: 480, mb: 1.5 }}
          />
          {photos.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              No photos chosen yet.
            </Typography>
          ) : (
            <Stack
              component="ol"
              spacing={1}
              aria-label="Photos a card can show"
              sx={{ listStyle: 'none', p: 0, m: 0 }}
            >
              {photos.map((p, index) => (
                <Paper
                  component="li"
                  key={p.id}
                  variant="outlined"
                  sx={{ display: 'flex', alignItems: 'center', gap: 1, pl: 2, pr: 0.5, py: 0.5 }}
                >
                  <Typography sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                    {index + 1}. {p.title}
                  </Typography>
                  <IconButton
                    aria-label={`Move ${p.title} up`}
                    disabled={saving || index === 0}
                    onClick={() => move(index, -1)}
                  >
                    <ArrowUpwardIcon />
                  </IconButton>
                  <IconButton
                    aria-label={`Move ${p.title} down`}
                    disabled={saving || index === photos.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    <ArrowDownwardIcon />
                  </IconButton>
                  <IconButton
                    aria-label={`Remove ${p.title}`}
                    disabled={saving}
                    onClick={() => setPhotos((prev) => prev.filter((x) => x.id !== p.id))}
                  >
                    <CloseIcon />
                  </IconButton>
                </Paper>
              ))}
            </Stack>
          )}
        </Box>

        <OtherErrors messages={form.otherErrors} />
        <Box>
          <Button
            type="submit"
            variant="contained"
            disabled={saving}
            sx={{ width: { xs: '100%', sm: 'auto' } }}
          >
            {saving ? 'Saving...' : 'Save Settings'}
          </Button>
        </Box>
      </Stack>
    </FormSection>
  );
}
