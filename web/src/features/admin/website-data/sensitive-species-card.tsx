import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { FormSection } from '../shared/form-section';
import { FormTextField } from '../shared/form-field';
import { useActionToast } from '../shared/action-toast';
import { useGetSensitiveSpeciesQuery } from '../shared/api';
import { LoadError } from '../shared/load-error';
import { useSessionExpiryCheck } from '../shared/session';
import { useSaveSensitiveSpeciesMutation } from './api';

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The owner's list of sensitive species: photos of them are protected unless she chooses otherwise. */
export function SensitiveSpeciesCard() {
  const { data, error, isLoading, isFetching, refetch } = useGetSensitiveSpeciesQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const [save, { isLoading: saving }] = useSaveSensitiveSpeciesMutation();
  const withToast = useActionToast();
  const checkSession = useSessionExpiryCheck();
  // her edits until saved; null: the saved list
  const [draft, setDraft] = useState<string[] | null>(null);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const list = draft ?? data?.species ?? [];
  const changed = draft !== null;

  const add = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim().replace(/\s+/g, ' ');
    if (!trimmed) return setNameError('Type a species name');
    if (trimmed.length > 120) return setNameError('At most 120 characters');
    if (list.some((s) => same(s, trimmed))) return setNameError(`${trimmed} is already on the list`);
    setDraft([...list, trimmed].sort((a, b) => a.localeCompare(b)));
    setName('');
    setNameError(null);
  };

  const remove = (species: string) => setDraft(list.filter((s) => s !== species));

  const onSave = async () => {
    const saved = await withToast(() => save(list).unwrap(), {
      done: {
        title: 'Saved',
        description: 'The sensitive species are saved; every photo follows the list now.',
      },
      failure: 'save the sensitive species',
      onError: checkSession,
    });
    if (saved) setDraft(null);
  };

  return (
    <FormSection
      title="Sensitive species"
      titleId="sensitive-species-title"
      variant="h6"
      level="h3"
      description="Photos of these species show only their region and season unless you choose otherwise."
    >
      {error && !data ? (
        <LoadError onRetry={refetch} retrying={isFetching} what="sensitive species" error={error} />
      ) : isLoading ? (
        <Skeleton variant="rounded" height={160} />
      ) : (
        <Stack spacing={2} sx={{ maxWidth: 640 }}>
          {list.length === 0 ? (
            <Typography color="text.secondary">
              No species on the list: only photos you protect yourself are.
            </Typography>
          ) : (
            <List
              dense
              aria-label="Sensitive species"
              sx={{
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
                maxHeight: 320,
                overflowY: 'auto',
                py: 0,
              }}
            >
              {list.map((species) => (
                <ListItem
                  key={species}
                  divider
                  secondaryAction={
                    <IconButton
                      edge="end"
                      aria-label={`Remove ${species}`}
                      onClick={() => remove(species)}
                      disabled={saving}
                    >
                      <CloseIcon />
                    </IconButton>
                  }
                >
                  <ListItemText primary={species} sx={{ overflowWrap: 'anywhere' }} />
                </ListItem>
              ))}
            </List>
          )}
          <Box
            component="form"
            onSubmit={add}
            noValidate
            sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
          >
            <FormTextField
              label="Add species"
              placeholder="e.g. Barred Owl"
              size="small"
              value={name}
              onValueChange={(value) => {
                setName(value);
                setNameError(null);
              }}
              error={nameError ?? undefined}
              helperText="Common or scientific name."
              disabled={saving}
              slotProps={{ htmlInput: { maxLength: 120 } }}
              sx={{ flex: 1, minWidth: 0 }}
            />
            <Button
              type="submit"
              variant="outlined"
              disabled={saving}
              sx={{ height: 40, whiteSpace: 'nowrap' }}
            >
              Add species
            </Button>
          </Box>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1.5 }}>
            {changed && (
              <Button onClick={() => setDraft(null)} disabled={saving}>
                Undo changes
              </Button>
            )}
            <Button variant="contained" onClick={onSave} disabled={saving || !changed}>
              {saving ? 'Saving...' : 'Save'}
            </Button>
          </Box>
        </Stack>
      )}
    </FormSection>
  );
}
