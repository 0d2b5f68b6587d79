import { Suspense, useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AdminPhotoDetail as PhotoDetail } from '../../../lib/api-types';
import { useToast } from '../../../components/toast';
import { useGetPrintOptionsQuery } from '../../../lib/catalog-api';
import { DEFAULT_SENSITIVE_SPECIES } from '@shared/location-protection';
import { useGetSensitiveSpeciesQuery } from '../shared/api';
import { FormSection } from '../shared/form-section';
import { SectionSavesProvider, useSectionSaves } from '../shared/saved-with-form';
import { protectionPreview } from '../shared/photo-protection';
import { formatSize } from './image-files';
import { PhotoDetailsSection } from './photo-details-section';
import { emptyAddOption, emptyEditOption, type PhotoFields } from './photo-form-model';
import { usePhotoFormState, type AddRowsSource, type OptionPatch, type Phase } from './photo-form-state';
import { PhotoImageSection } from './photo-image-section';
import { PhotoProtectionSection } from './photo-protection-section';
import { PhotoRightsSection } from './photo-rights-section';
import { PlaceWarningDialog } from './place-warning-dialog';
import { PrintOptionRows } from './print-option-rows';
import { usePhotoSubmit } from './use-photo-submit';

export type PhotoFormProps =
  | { mode: 'add'; photo?: undefined; extra?: undefined }
  | {
      mode: 'edit';
      photo: PhotoDetail;
      /** Sections of other screens (the limited edition), saved by this form's 'Save Changes'. */
      extra?: ReactNode;
    };

/** 'Uploading photo... 45% (5.4 MB of 12.0 MB)': the bytes really sent, from the upload's progress. */
function progressText(phase: Phase): string {
  if (phase.step !== 'uploading') return 'Processing photo...';
  const bytes = phase.total ? ` (${formatSize(phase.loaded ?? 0)} of ${formatSize(phase.total)})` : '';
  return `Uploading photo... ${phase.percent}%${bytes}`;
}

/** What the add form's print options are, above them. */
function addOptionsText(from: AddRowsSource, ratio: string): string {
  if (from.kind === 'catalogue')
    return `The catalogue's ${from.ratio} options, at their prices and shipping. Remove any this photo is not sold in, or add another.`;
  if (from.kind === 'defaults' && ratio.trim())
    return `The catalogue has no ${ratio.trim()} options yet: these are added to it when you save.`;
  if (from.kind === 'defaults')
    return "The sizes and materials this photo is sold in. Once the photo's aspect ratio is known, the catalogue's options for it are offered here.";
  return 'The sizes and materials this photo is sold in.';
}

/** The add and edit photo form: fields, client checks, size limits and toasts. */
export function PhotoForm({ mode, photo, extra }: PhotoFormProps) {
  const isEdit = mode === 'edit';
  const toast = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const [state, dispatch] = usePhotoFormState(photo);
  const sections = useSectionSaves();
  const submit = usePhotoSubmit(state, dispatch, formRef, sections.saveAll);
  const { phase } = state;
  const busy = phase.step !== 'idle';

  // the add form offers the catalogue's options of the photo's ratio once it is known
  const { data: catalogue } = useGetPrintOptionsQuery(undefined, { skip: isEdit });
  const ratio = state.fields.aspectRatio;
  useEffect(() => {
    if (!isEdit && catalogue) dispatch({ type: 'offerOptions', ratio, catalogue });
  }, [isEdit, catalogue, ratio, dispatch]);

  // the preview follows the owner's list; until it has loaded, the list a new shop starts with
  const { data: sensitive } = useGetSensitiveSpeciesQuery();
  const sensitiveList = sensitive?.species ?? DEFAULT_SENSITIVE_SPECIES;
  const preview = useMemo(
    () => protectionPreview(state.fields, sensitiveList),
    [state.fields, sensitiveList],
  );
  // the words the warning names while it is open
  const [warning, setWarning] = useState<{ open: boolean; phrases: string[] }>({ open: false, phrases: [] });

  const setField = <K extends keyof PhotoFields>(name: K, value: PhotoFields[K]) =>
    dispatch({ type: 'field', name, value });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (preview.givingAway.length > 0) setWarning({ open: true, phrases: preview.givingAway });
    else void submit(photo);
  };

  const saveAnyway = () => {
    setWarning((w) => ({ ...w, open: false }));
    void submit(photo);
  };

  const removeRow = (key: string) => {
    if (!isEdit && state.addRows.length <= 1) {
      toast({
        title: 'Cannot remove',
        description: 'At least one print option is required.',
        variant: 'destructive',
      });
      return;
    }
    dispatch({ type: 'removeRow', key });
  };

  const rowHandlers = {
    errors: state.optionErrors,
    onChange: (key: string, patch: OptionPatch) => dispatch({ type: 'changeRow', key, patch }),
    onSync: (key: string, patch: OptionPatch) => dispatch({ type: 'changeRow', key, patch, auto: true }),
    onRemove: removeRow,
    onAdd: () =>
      isEdit
        ? dispatch({ type: 'addEditRow', row: emptyEditOption() })
        : dispatch({ type: 'addRow', row: emptyAddOption() }),
    disabled: busy,
  };

  return (
    <Box component="form" ref={formRef} noValidate onSubmit={onSubmit} aria-busy={busy}>
      <Stack spacing={{ xs: 2, sm: 3 }}>
        <Box
          sx={{
            display: 'grid',
            gap: { xs: 2, sm: 3 },
            gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 5fr) minmax(0, 7fr)' },
            alignItems: 'start',
          }}
        >
          <PhotoImageSection state={state} dispatch={dispatch} photo={photo} busy={busy} />
          <PhotoDetailsSection
            fields={state.fields}
            errors={state.fieldErrors}
            setField={setField}
            busy={busy}
            camera={state.image ? state.image.camera : photo?.camera}
            descriptionRequired={!isEdit}
          />
        </Box>

        <PhotoProtectionSection
          fields={state.fields}
          errors={state.fieldErrors}
          setField={setField}
          busy={busy}
          preview={preview}
        />

        {isEdit && (
          <PhotoRightsSection
            fields={state.fields}
            errors={state.fieldErrors}
            setField={setField}
            busy={busy}
          />
        )}

        <FormSection
          title="Print Options"
          description={
            isEdit
              ? 'Edit sizes, formats and prices in place; a change applies to every photo offering that option. Options you remove are unassigned from this photo when you save.'
              : addOptionsText(state.addRowsFrom, ratio)
          }
        >
          {state.optionsMessage && (
            <Alert severity="error" sx={{ mb: 2 }} role="alert">
              {state.optionsMessage}
            </Alert>
          )}
          {isEdit ? (
            <PrintOptionRows mode="edit" rows={state.editRows} photo={photo!} {...rowHandlers} />
          ) : (
            <PrintOptionRows
              mode="add"
              rows={state.addRows}
              aspectRatio={state.fields.aspectRatio}
              offered={state.addRowsFrom.kind === 'catalogue'}
              {...rowHandlers}
            />
          )}
        </FormSection>

        {extra && (
          <SectionSavesProvider register={sections.register}>
            <Suspense fallback={null}>{extra}</Suspense>
          </SectionSavesProvider>
        )}

        {busy && (
          <Box role="status" aria-live="polite">
            <Typography variant="body2" sx={{ mb: 0.75 }}>
              {progressText(phase)}
            </Typography>
            <LinearProgress
              aria-label="Upload progress"
              variant={phase.step === 'uploading' ? 'determinate' : 'indeterminate'}
              value={phase.step === 'uploading' ? phase.percent : undefined}
            />
          </Box>
        )}

        <Box
          sx={{
            display: 'flex',
            flexDirection: { xs: 'column-reverse', sm: 'row' },
            justifyContent: 'flex-end',
            gap: 1.5,
          }}
        >
          <Button
            component={RouterLink}
            to="/admin/dashboard"
            variant="outlined"
            size="large"
            disabled={busy}
            sx={{ width: { xs: '100%', sm: 'auto' } }}
          >
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={busy}
            sx={{ width: { xs: '100%', sm: 'auto' } }}
          >
            {isEdit ? (busy ? 'Saving...' : 'Save Changes') : busy ? 'Adding...' : 'Add Photo'}
            {phase.step === 'uploading' && ` ${phase.percent}%`}
          </Button>
        </Box>
      </Stack>
      <PlaceWarningDialog
        open={warning.open}
        phrases={warning.phrases}
        onEdit={() => setWarning((w) => ({ ...w, open: false }))}
        onSaveAnyway={saveAnyway}
      />
    </Box>
  );
}
