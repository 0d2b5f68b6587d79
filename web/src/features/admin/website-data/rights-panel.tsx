import { useEffect, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { DATA_MINING, type DataMining } from '@shared/file-rights';
import { useToast } from '../../../components/toast';
import { errorMessage, isApiError } from '../../../lib/api';
import { FormTextField } from '../shared/form-field';
import { LoadError } from '../shared/load-error';
import { splitServerErrors } from '../shared/server-errors';
import { useSessionExpiryCheck } from '../shared/session';
import {
  useGetRestampProgressQuery,
  useGetRightsSettingsQuery,
  useRemoveWatermarkImageMutation,
  useSaveRightsSettingsMutation,
  useSetWatermarkImageMutation,
} from './rights-api';
import { formOf, inputOf, RIGHTS_FIELDS, type RightsField, type RightsForm } from './rights-form-model';
import { RightsWatermarkFields } from './rights-watermark-fields';

const RESTAMP_POLL_MS = 3000;

/** "Updating your photos' files: N of M left", while the pipeline remakes them (its endpoint may be absent). */
function RestampProgressLine() {
  const [gone, setGone] = useState(false);
  const { data, error } = useGetRestampProgressQuery(undefined, {
    pollingInterval: gone ? 0 : RESTAMP_POLL_MS,
    skip: gone,
  });
  useEffect(() => {
    // not there (another version of the media pipeline): quietly nothing
    if (error) setGone(true);
  }, [error]);
  if (!data || data.pending <= 0) return null;
  return (
    <Alert severity="info" role="status">
      Updating your photos&rsquo; files: {data.pending} of {data.total} left
    </Alert>
  );
}

/** Website Data > Rights: what every file carries, the notice to machines, and the watermark. */
export function RightsPanel() {
  const toast = useToast();
  const checkSession = useSessionExpiryCheck();
  const {
    data: saved,
    error: loadError,
    refetch,
  } = useGetRightsSettingsQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const [save, { isLoading: saving }] = useSaveRightsSettingsMutation();
  const [setImage, { isLoading: uploading }] = useSetWatermarkImageMutation();
  const [removeImage, { isLoading: removing }] = useRemoveWatermarkImageMutation();
  const [form, setForm] = useState<RightsForm | null>(null);
  const [errors, setErrors] = useState<Partial<Record<RightsField, string>>>({});
  const [other, setOther] = useState<string[]>([]);
  const busy = saving || uploading || removing;

  // the form starts from what is saved (and again after a reload)
  useEffect(() => {
    if (saved && !form) setForm(formOf(saved));
  }, [saved, form]);

  if (loadError)
    return <LoadError what="the rights settings" error={loadError} onRetry={() => void refetch()} />;
  if (!saved || !form) return <Skeleton variant="rounded" height={320} />;

  const set = <K extends keyof RightsForm>(name: K, value: RightsForm[K]) =>
    setForm({ ...form, [name]: value });
  const refused = (err: unknown) => {
    checkSession(err);
    const split = splitServerErrors(isApiError(err) ? err.errors : undefined, RIGHTS_FIELDS);
    setErrors(split.byField);
    setOther(split.other.length || split.first ? split.other : [errorMessage(err)]);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    try {
      const answer = await save(inputOf(form, saved)).unwrap();
      setErrors({});
      setOther([]);
      setForm(formOf(answer));
      toast({ title: 'Saved', description: 'Your rights settings are saved.' });
    } catch (err) {
      refused(err);
    }
  };
  const onImage = async (file: File) => {
    try {
      await setImage(file).unwrap();
      setErrors({});
      setOther([]);
      toast({ title: 'Logo stored', description: 'Save to use it as the watermark.' });
    } catch (err) {
      refused(err);
    }
  };
  const onRemoveImage = async () => {
    try {
      const answer = await removeImage().unwrap();
      setForm({ ...form, mode: answer.watermark.enabled ? form.mode : 'off' });
      toast({ title: 'Logo removed', description: 'The image watermark is off.' });
    } catch (err) {
      refused(err);
    }
  };
  const text = (name: 'creator' | 'copyrightNotice' | 'creditLine' | 'rightsUrl') => ({
    name,
    value: form[name],
    onValueChange: (v: string) => set(name, v),
    error: errors[name],
    disabled: busy,
    fullWidth: true,
  });

  return (
    <Box component="form" onSubmit={(e: FormEvent) => void onSubmit(e)} noValidate sx={{ maxWidth: 720 }}>
      <Stack spacing={2.5}>
        <Box>
          <Typography variant="h6" component="h3">
            Rights
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Written into every image the site serves (XMP and IPTC), with each photo&rsquo;s title.
          </Typography>
        </Box>
        <RestampProgressLine />
        <FormTextField label="Creator" {...text('creator')} helperText="Empty uses your name." />
        <FormTextField
          label="Copyright notice"
          {...text('copyrightNotice')}
          placeholder={saved.defaultNotice}
          helperText={`Empty: each photo gets "${saved.defaultNotice}" with the year it was taken.`}
        />
        <FormTextField label="Credit line" {...text('creditLine')} />
        <FormTextField
          label="Rights page"
          {...text('rightsUrl')}
          helperText="A page of this site (/about) or a full address: where licensing is explained."
        />
        <FormTextField
          select
          label="Data mining"
          value={form.dataMining}
          onValueChange={(v) => set('dataMining', v as DataMining)}
          error={errors.dataMining}
          helperText="IPTC's data-mining choice, and the TDM reservation sent with pages and images."
          disabled={busy}
          fullWidth
        >
          {(Object.keys(DATA_MINING) as DataMining[]).map((k) => (
            <MenuItem key={k} value={k}>
              {DATA_MINING[k]}
            </MenuItem>
          ))}
        </FormTextField>
        <Box>
          <FormControlLabel
            control={
              <Switch
                checked={form.aiCrawlersBlocked}
                onChange={(e) => set('aiCrawlersBlocked', e.target.checked)}
                disabled={busy}
              />
            }
            label="Ask AI crawlers to stay away (robots.txt)"
          />
          <FormHelperText sx={{ mx: 0.5, mt: 0 }}>
            Honest crawlers follow it; it stops no one who ignores it.
          </FormHelperText>
        </Box>
        {form.aiCrawlersBlocked && (
          <FormTextField
            label="AI crawlers (one per line)"
            value={form.agents}
            onValueChange={(v) => set('agents', v)}
            error={errors.aiCrawlerAgents}
            disabled={busy}
            multiline
            minRows={4}
            maxRows={12}
            fullWidth
          />
        )}
        <Divider />
        <RightsWatermarkFields
          form={form}
          set={set}
          errors={errors}
          busy={busy}
          imageUrl={saved.watermark.imageDataUrl}
          onImage={(file) => void onImage(file)}
          onRemoveImage={() => void onRemoveImage()}
        />
        {other.length > 0 && (
          <Alert severity="error" role="alert">
            {other.join(' ')}
          </Alert>
        )}
        <Button
          type="submit"
          variant="contained"
          disabled={busy}
          sx={{ alignSelf: { xs: 'stretch', sm: 'start' } }}
        >
          {saving ? 'Saving...' : 'Save'}
        </Button>
      </Stack>
    </Box>
  );
}
