import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PhotoCameraOutlinedIcon from '@mui/icons-material/PhotoCameraOutlined';
import type { AboutContent } from '../../../lib/api-types';
import { RichTextEditor } from '../../../components/rich-text-editor';
import { useToast } from '../../../components/toast';
import { useGetAboutQuery } from '../../../lib/content-api';
import { useUpdateAboutMutation, type AboutUpdate } from './api';
import { HEADSHOT_TYPES, headshotProblem, readAsBase64 } from './headshot-file';
import { useObjectUrl } from '../shared/use-object-url';
import { LoadError } from '../shared/load-error';
import { SaveChangesButton } from '../shared/save-changes-button';
import { useActionToast } from '../shared/action-toast';
import { useFilePicker } from '../shared/use-file-picker';

export default function AboutTab() {
  // Always read fresh: the form must start from what is stored now, not from an old cache entry.
  const { data, isLoading, isError, refetch } = useGetAboutQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });

  return (
    <Stack spacing={3} sx={{ maxWidth: 1000 }}>
      <Box>
        <Typography variant="h5" component="h2">
          About Page
        </Typography>
        <Typography color="text.secondary">The headshot and text shown on the public About page.</Typography>
      </Box>
      {isLoading ? (
        <Stack spacing={2} aria-busy="true" aria-label="Loading about content">
          <Skeleton variant="rounded" height={220} />
          <Skeleton variant="rounded" height={180} />
        </Stack>
      ) : isError || !data ? (
        // No form without the stored text: saving empty fields would wipe the page.
        <LoadError onRetry={refetch}>Failed to load the about page content.</LoadError>
      ) : (
        <AboutForm about={data} />
      )}
    </Stack>
  );
}

function AboutForm({ about }: { about: AboutContent }) {
  const toast = useToast();
  const withToast = useActionToast();
  const [updateAbout] = useUpdateAboutMutation();
  // Covers reading the headshot file as well as the request.
  const [saving, setSaving] = useState(false);
  const [mainBio, setMainBio] = useState(about.mainBio ?? '');
  const [approachText, setApproachText] = useState(about.approachText ?? '');
  const [servicesText, setServicesText] = useState(about.servicesText ?? '');
  const [headshot, setHeadshot] = useState<File | null>(null);
  const [headshotError, setHeadshotError] = useState<string | null>(null);
  const preview = useObjectUrl(headshot);
  const headshotPicker = useFilePicker((file) => {
    const problem = headshotProblem(file);
    if (problem) {
      setHeadshotError(problem);
      toast({ title: 'Invalid headshot', description: problem, variant: 'destructive' });
      return;
    }
    setHeadshotError(null);
    setHeadshot(file);
  });

  const onSave = async () => {
    setSaving(true);
    const body: AboutUpdate = { mainBio, approachText, servicesText };
    const updated = await withToast(
      async () => {
        if (headshot) {
          body.headshotData = await readAsBase64(headshot);
          body.headshotType = headshot.type;
        }
        await updateAbout(body).unwrap();
      },
      {
        done: { title: 'Success', description: 'The about page has been updated.' },
        failure: 'update about page',
      },
    );
    if (updated) setHeadshot(null);
    setSaving(false);
  };

  const shownHeadshot = preview ?? about.headshotUrl;

  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h3" sx={{ mb: 2 }}>
          Headshot
        </Typography>
        <Box
          sx={{
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row' },
            gap: { xs: 2, sm: 3 },
            alignItems: { xs: 'stretch', sm: 'flex-start' },
          }}
        >
          <Box
            sx={{
              width: 200,
              mx: { xs: 'auto', sm: 0 },
              aspectRatio: '1',
              borderRadius: 2,
              overflow: 'hidden',
              bgcolor: 'secondary.light',
              display: 'grid',
              placeItems: 'center',
              flexShrink: 0,
            }}
          >
            {shownHeadshot ? (
              <Box
                component="img"
                src={shownHeadshot}
                alt={preview ? 'New headshot preview' : 'Current headshot'}
                sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
              />
            ) : (
              <Stack
                spacing={1}
                sx={{ alignItems: 'center', color: 'text.secondary', p: 2, textAlign: 'center' }}
              >
                <PhotoCameraOutlinedIcon aria-hidden />
                <Typography variant="body2">No headshot uploaded; the default photo is shown.</Typography>
              </Stack>
            )}
          </Box>
          <Stack spacing={1.5} sx={{ minWidth: 0 }}>
            <Typography variant="body2" color="text.secondary" id="headshot-hint">
              Up to 5MB. A square image is recommended. JPG, PNG or WebP.
            </Typography>
            <input
              {...headshotPicker.inputProps}
              accept={HEADSHOT_TYPES.join(',')}
              aria-label="Headshot image"
              aria-describedby="headshot-hint"
              disabled={saving}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              <Button
                variant="outlined"
                onClick={headshotPicker.open}
                disabled={saving}
                startIcon={<PhotoCameraOutlinedIcon />}
              >
                {shownHeadshot ? 'Change Headshot' : 'Choose Headshot'}
              </Button>
              {headshot && (
                <Button variant="text" onClick={() => setHeadshot(null)} disabled={saving}>
                  Keep Current Headshot
                </Button>
              )}
            </Stack>
            {headshot && (
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                New headshot: {headshot.name} (saved with the page)
              </Typography>
            )}
            {headshotError && (
              <Typography variant="body2" color="error">
                {headshotError}
              </Typography>
            )}
          </Stack>
        </Box>
      </Paper>

      <RichTextEditor
        id="about-main-bio"
        label="Main Bio"
        value={mainBio}
        onChange={setMainBio}
        disabled={saving}
      />
      <RichTextEditor
        id="about-approach"
        label="My Approach"
        value={approachText}
        onChange={setApproachText}
        disabled={saving}
      />
      <RichTextEditor
        id="about-services"
        label="Prints & Services"
        value={servicesText}
        onChange={setServicesText}
        disabled={saving}
      />

      <SaveChangesButton saving={saving} onClick={() => void onSave()} />
    </Stack>
  );
}
