import { useEffect, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import { useToast } from '../../../components/toast';
import { useGetLogoQuery } from '../../../lib/content-api';
import { palette } from '../../../lib/palette';
import { useObjectUrl } from '../shared/use-object-url';
import { useUpdateLogoMutation } from './api';
import { useActionToast } from '../shared/action-toast';
import { useFilePicker } from '../shared/use-file-picker';

const GUIDELINES = [
  'A PNG with a transparent background works best.',
  'The logo is shown in the site header and on the home page hero.',
  'Recommended width: 600-1200 px.',
  'Recommended height: 200-400 px.',
  'Aspect ratio: about 3:1 (wide rather than tall).',
  'Maximum file size: 2MB.',
];

// A checkerboard shows where a transparent logo is see-through.
const checkerboard = {
  backgroundColor: '#fff',
  backgroundImage:
    'linear-gradient(45deg, #eee 25%, transparent 25%), linear-gradient(-45deg, #eee 25%, transparent 25%), linear-gradient(45deg, transparent 75%, #eee 75%), linear-gradient(-45deg, transparent 75%, #eee 75%)',
  backgroundSize: '20px 20px',
  backgroundPosition: '0 0, 0 10px, 10px -10px, -10px 0',
};
// The home page hero's own colours (home-page.module.css), so a dark logo that would vanish there
// is seen before it is saved.
const heroBackground = `radial-gradient(ellipse at 30% 20%, ${palette.forestLight}, ${palette.forestDark} 70%)`;

/** The logo on one background: the light checkerboard or the dark hero. */
function LogoSwatch({ src, alt, dark }: { src: string; alt: string; dark?: boolean }) {
  return (
    <Box component="figure" sx={{ m: 0, minWidth: 0 }}>
      <Box
        sx={{
          minHeight: 140,
          p: 2,
          borderRadius: 2,
          border: '1px solid',
          borderColor: 'divider',
          display: 'grid',
          placeItems: 'center',
          ...(dark ? { background: heroBackground } : checkerboard),
        }}
      >
        <Box
          component="img"
          src={src}
          alt={alt}
          sx={{ maxWidth: '100%', maxHeight: 160, objectFit: 'contain', display: 'block' }}
        />
      </Box>
      <Typography component="figcaption" variant="caption" color="text.secondary" sx={{ mt: 0.5 }}>
        {dark ? 'On the home page hero' : 'On a light background'}
      </Typography>
    </Box>
  );
}

export function LogoPanel() {
  const toast = useToast();
  const withToast = useActionToast();
  const { data: logo, isLoading } = useGetLogoQuery(undefined, { refetchOnMountOrArgChange: true });
  const [updateLogo, { isLoading: saving }] = useUpdateLogoMutation();
  const [file, setFile] = useState<File | null>(null);
  const preview = useObjectUrl(file);
  const currentLogo = logo?.logoUrl ?? null;

  const picker = useFilePicker(setFile);

  // Choosing a file does not save it: 'Update Logo' becomes the primary action and takes the focus.
  const updateButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (file) updateButton.current?.focus();
  }, [file]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      toast({ title: 'Error', description: 'Please select a logo file to upload.', variant: 'destructive' });
      return;
    }
    const updated = await withToast(() => updateLogo(file).unwrap(), {
      done: { title: 'Success', description: 'Logo updated successfully.' },
      failure: 'update logo',
    });
    if (updated) setFile(null);
  };

  const shown = preview ?? currentLogo;

  return (
    <Box
      component="form"
      onSubmit={(event: FormEvent) => void onSubmit(event)}
      noValidate
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
        alignItems: 'start',
      }}
    >
      <Stack spacing={2}>
        <Box>
          <Typography variant="h6" component="h3">
            Site Logo
          </Typography>
          {shown && (
            <Typography variant="body2" color="text.secondary">
              {preview ? 'Preview of the chosen file (not saved yet)' : 'Current logo'}
            </Typography>
          )}
        </Box>
        {isLoading ? (
          <Skeleton variant="rounded" height={140} />
        ) : shown ? (
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <LogoSwatch src={shown} alt={preview ? 'Preview of the new logo' : 'Current site logo'} />
            <LogoSwatch
              src={shown}
              alt={preview ? 'The new logo on the dark hero' : 'The current logo on the dark hero'}
              dark
            />
          </Box>
        ) : (
          <Box
            sx={{
              minHeight: 140,
              p: 2,
              borderRadius: 2,
              border: '1px dashed',
              borderColor: 'divider',
              display: 'grid',
              placeItems: 'center',
              ...checkerboard,
            }}
          >
            <Typography color="text.secondary">No logo uploaded</Typography>
          </Box>
        )}
        {file && (
          <Alert severity="warning" role="status">
            This logo is not saved yet. Select &lsquo;Update Logo&rsquo; to use it on the site.
          </Alert>
        )}
        {file && (
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            Chosen file: {file.name}
          </Typography>
        )}
        <input {...picker.inputProps} accept="image/*" aria-label="Logo file" disabled={saving} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <Button
            variant={file ? 'outlined' : 'contained'}
            startIcon={<CloudUploadOutlinedIcon />}
            onClick={picker.open}
            disabled={saving}
          >
            {currentLogo ? 'Change Logo' : 'Upload Logo'}
          </Button>
          <Button
            ref={updateButton}
            type="submit"
            variant={file ? 'contained' : 'outlined'}
            disabled={!file || saving}
          >
            {saving ? 'Updating...' : 'Update Logo'}
          </Button>
          {file && (
            <Button variant="text" onClick={() => setFile(null)} disabled={saving}>
              Cancel
            </Button>
          )}
        </Stack>
      </Stack>

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, bgcolor: 'background.default' }}>
        <Typography variant="subtitle2" component="h4" sx={{ mb: 1, fontWeight: 700 }}>
          Logo guidelines
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 2.5, '& li': { mb: 0.5 } }}>
          {GUIDELINES.map((line) => (
            <Typography component="li" variant="body2" key={line}>
              {line}
            </Typography>
          ))}
        </Box>
      </Paper>
    </Box>
  );
}
