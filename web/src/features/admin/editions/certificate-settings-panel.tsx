import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../lib/api';
import { useActionToast } from '../shared/action-toast';
import { FormSection } from '../shared/form-section';
import { useGetEditionSettingsQuery, useSaveEditionSettingsMutation, useSaveSignatureMutation } from './api';

/** On the Website Data tab: the name and the signature printed on certificates of authenticity. */
export default function CertificateSettingsPanel() {
  const { data: settings } = useGetEditionSettingsQuery();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [saveSettings, { isLoading: saving }] = useSaveEditionSettingsMutation();
  const [saveSignature, { isLoading: uploading }] = useSaveSignatureMutation();
  const fileInput = useRef<HTMLInputElement>(null);
  const act = useActionToast();
  useEffect(() => {
    if (settings) setName(settings.photographerName);
  }, [settings]);

  return (
    <Box sx={{ mt: 3 }}>
      <FormSection
        title="Certificates of authenticity"
        description="Each limited-edition print comes with a certificate carrying this name and signature."
      >
        <Stack spacing={3}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ alignItems: { sm: 'flex-start' } }}
          >
            <TextField
              label="Name on certificates"
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={Boolean(nameError)}
              helperText={
                nameError ??
                (settings && !settings.photographerName
                  ? 'Not set: certificates carry no name until you save one.'
                  : ' ')
              }
              sx={{ flex: 1, maxWidth: { sm: 360 } }}
            />
            <Button
              variant="contained"
              disabled={saving}
              sx={{ mt: { sm: 1 } }}
              onClick={() => {
                setNameError(null);
                void act(() => saveSettings({ photographerName: name }).unwrap(), {
                  done: { title: 'Name saved' },
                  failure: 'save the name',
                  onError: (err) => setNameError(errorMessage(err)),
                });
              }}
            >
              Save name
            </Button>
          </Stack>
          <div>
            <Typography component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
              Certificate signature
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              {settings?.hasSignature
                ? 'A signature is printed above the line on every new certificate.'
                : 'No signature yet: certificates leave a line to sign by hand.'}{' '}
              PNG (transparent is best) or JPEG, up to 2 MB.
            </Typography>
            <input
              ref={fileInput}
              type="file"
              accept="image/png,image/jpeg"
              hidden
              aria-label="Certificate signature"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file)
                  void act(() => saveSignature(file).unwrap(), {
                    done: { title: 'Signature saved' },
                    failure: 'upload the signature',
                  });
              }}
            />
            <Button variant="outlined" disabled={uploading} onClick={() => fileInput.current?.click()}>
              {uploading ? 'Uploading...' : settings?.hasSignature ? 'Replace signature' : 'Upload signature'}
            </Button>
          </div>
        </Stack>
      </FormSection>
    </Box>
  );
}
