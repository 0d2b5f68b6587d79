import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { api, errorMessage, isApiError } from '../../../app/api';
import type { PhotoDetail } from '../../../app/api-types';
import { useAppDispatch } from '../../../app/hooks';
import { RichTextEditor } from '../../../components/rich-text-editor';
import { useToast } from '../../../components/toast';
import { useGetCategoriesQuery, useGetItemOptionsQuery } from '../../storefront';
import {
  useCreatePhotoItemOptionMutation,
  useCreatePrintOptionMutation,
  useGetAdminPhotosQuery,
  useUnassignItemOptionMutation,
  useUpdateItemOptionMutation,
  type PhotoPayload,
} from '../api';
import { useSessionExpiryCheck } from '../shell/session';
import { AspectRatioField } from './aspect-ratio-field';
import { CropPositionField } from './crop-position-field';
import { base64Of, isImageFile, LIMITS, makeThumbnail, readAsDataUrl } from './image-files';
import { ImagePicker } from './image-picker';
import {
  aspectRatioChoices,
  DEFAULT_EDIT_CATEGORY,
  defaultAddOptions,
  displayOrderOf,
  emptyAddOption,
  emptyEditOption,
  emptyPhotoFields,
  hasChanged,
  missingRequired,
  optionalText,
  rowErrors,
  rowKey,
  toNumber,
  validateAddOption,
  validateEditOption,
  type AddOptionRow,
  type EditOptionRow,
  type PhotoFields,
  type RowErrors,
} from './photo-form-model';
import { AddPrintOptionRows, EditPrintOptionRows } from './print-option-rows';
import { uploadJson } from './upload-json';

export type PhotoFormProps = { mode: 'add'; photo?: undefined } | { mode: 'edit'; photo: PhotoDetail };

type ChosenImage = { file: File; previewUrl: string; base64: string; type: string; autoThumbnail?: string };
type ChosenThumbnail = { file: File; previewUrl: string; base64: string };
type FieldErrors = Partial<Record<keyof PhotoFields | 'image', string>>;
type Phase =
  { step: 'idle' } | { step: 'uploading'; percent: number } | { step: 'processing' } | { step: 'options' };

function fieldsOf(photo: PhotoDetail): PhotoFields {
  return {
    title: photo.title,
    description: photo.description ?? '',
    location: photo.location ?? '',
    dateTaken: photo.dateTaken ?? '',
    aspectRatio: photo.aspectRatio ?? '',
    category: photo.category || DEFAULT_EDIT_CATEGORY,
    displayOrder: String(photo.displayOrder ?? 0),
    featured: photo.featured,
    verticalPosition: photo.verticalPosition ?? 50,
  };
}

function editRowsOf(photo: PhotoDetail): EditOptionRow[] {
  return photo.printOptions.map((option) => ({
    key: rowKey(),
    id: option.id,
    size: option.size,
    format: option.format,
    price: String(option.price),
    shipping: String(option.shipping),
  }));
}

function Section({
  title,
  children,
  description,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h5" component="h2" sx={{ mb: description ? 0.5 : 2 }}>
        {title}
      </Typography>
      {description && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {description}
        </Typography>
      )}
      {children}
    </Paper>
  );
}

function PreviewImage({ src, alt }: { src: string; alt: string }) {
  return (
    <Box
      component="img"
      src={src}
      alt={alt}
      sx={{ display: 'block', maxWidth: '100%', maxHeight: 280, objectFit: 'contain', borderRadius: 1 }}
    />
  );
}

/** The add and edit photo form: fields, client checks, size limits and toasts. */
export function PhotoForm({ mode, photo }: PhotoFormProps) {
  const isEdit = mode === 'edit';
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const toast = useToast();
  const checkSession = useSessionExpiryCheck();
  const formRef = useRef<HTMLFormElement>(null);

  const { data: categories } = useGetCategoriesQuery();
  const { data: photos } = useGetAdminPhotosQuery();
  const { data: catalogue } = useGetItemOptionsQuery();
  const [createPrintOption] = useCreatePrintOptionMutation();
  const [updateItemOption] = useUpdateItemOptionMutation();
  const [createPhotoItemOption] = useCreatePhotoItemOptionMutation();
  const [unassignItemOption] = useUnassignItemOptionMutation();

  const [fields, setFields] = useState<PhotoFields>(() => (photo ? fieldsOf(photo) : emptyPhotoFields()));
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [image, setImage] = useState<ChosenImage | null>(null);
  const [thumbnail, setThumbnail] = useState<ChosenThumbnail | null>(null);
  const [addRows, setAddRows] = useState<AddOptionRow[]>(() => (isEdit ? [] : defaultAddOptions()));
  const [editRows, setEditRows] = useState<EditOptionRow[]>(() => (photo ? editRowsOf(photo) : []));
  // What each saved option looked like, so only changed ones are written back to the catalogue.
  const [savedRows, setSavedRows] = useState<Record<number, EditOptionRow>>(() =>
    Object.fromEntries((photo ? editRowsOf(photo) : []).map((row) => [row.id as number, row])),
  );
  const [removedIds, setRemovedIds] = useState<number[]>([]);
  const [optionErrors, setOptionErrors] = useState<Record<string, RowErrors>>({});
  const [optionsMessage, setOptionsMessage] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ step: 'idle' });
  const busy = phase.step !== 'idle';

  useEffect(() => {
    const url = image?.previewUrl;
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [image?.previewUrl]);
  useEffect(() => {
    const url = thumbnail?.previewUrl;
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [thumbnail?.previewUrl]);

  const ratioChoices = useMemo(
    () =>
      aspectRatioChoices([
        ...(photos ?? []).map((p) => p.aspectRatio),
        ...(catalogue ?? []).map((o) => o.aspectRatio),
      ]),
    [photos, catalogue],
  );
  const categoryChoices = useMemo(() => {
    const list = (categories ?? []).map((c) => ({ value: c.name, label: c.displayName }));
    if (fields.category && !list.some((c) => c.value === fields.category))
      list.push({ value: fields.category, label: fields.category });
    return list;
  }, [categories, fields.category]);

  const setField = <K extends keyof PhotoFields>(name: K, value: PhotoFields[K]) => {
    setFields((prev) => ({ ...prev, [name]: value }));
    if (fieldErrors[name]) setFieldErrors((prev) => ({ ...prev, [name]: undefined }));
  };

  const focusFirstError = () => {
    window.setTimeout(() => {
      const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      invalid?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      invalid?.focus({ preventScroll: true });
    }, 0);
  };

  const imageLimit = isEdit ? LIMITS.editImage : LIMITS.addImage;
  const thumbnailLimit = isEdit ? LIMITS.editThumbnail : LIMITS.addThumbnail;

  const rejectFile = (file: File, limit: number, tooLarge: string): boolean => {
    if (!isImageFile(file)) {
      toast({
        title: 'Invalid file type',
        description: 'Please upload an image file (JPEG, PNG, etc.)',
        variant: 'destructive',
      });
      return true;
    }
    if (file.size > limit) {
      toast({ title: 'File too large', description: tooLarge, variant: 'destructive' });
      return true;
    }
    return false;
  };

  const onImage = async (file: File) => {
    const tooLarge = isEdit ? 'Please select an image under 10MB' : 'Please select an image under 5MB';
    if (rejectFile(file, imageLimit, tooLarge)) return;
    try {
      const dataUrl = await readAsDataUrl(file);
      const autoThumbnail = isEdit ? await makeThumbnail(file) : undefined;
      setImage({
        file,
        previewUrl: URL.createObjectURL(file),
        base64: base64Of(dataUrl),
        type: file.type || 'image/jpeg',
        autoThumbnail,
      });
      setFieldErrors((prev) => ({ ...prev, image: undefined }));
    } catch {
      toast({
        title: 'Error',
        description: 'Failed to process the image. Please try another.',
        variant: 'destructive',
      });
    }
  };

  const onThumbnail = async (file: File) => {
    const tooLarge = isEdit ? 'Please select a thumbnail under 2MB' : 'Please select a thumbnail under 1MB';
    if (rejectFile(file, thumbnailLimit, tooLarge)) return;
    try {
      const dataUrl = await readAsDataUrl(file);
      setThumbnail({ file, previewUrl: URL.createObjectURL(file), base64: base64Of(dataUrl) });
    } catch {
      toast({
        title: 'Error',
        description: 'Failed to process the thumbnail. Please try another.',
        variant: 'destructive',
      });
    }
  };

  const basePayload = (): PhotoPayload => ({
    title: fields.title.trim(),
    description: fields.description,
    location: optionalText(fields.location),
    dateTaken: optionalText(fields.dateTaken),
    aspectRatio: optionalText(fields.aspectRatio),
    category: fields.category,
    displayOrder: displayOrderOf(fields.displayOrder),
    featured: fields.featured,
    verticalPosition: fields.verticalPosition,
  });

  /** Checks the photo fields; true when the form may be sent. */
  const validateFields = (): boolean => {
    const missing = missingRequired(fields);
    if (missing.length > 0) {
      setFieldErrors((prev) => ({
        ...prev,
        ...Object.fromEntries(missing.map((name) => [name, 'This field is required'])),
      }));
      toast({
        title: 'Incomplete form',
        description: 'Please fill in all required fields',
        variant: 'destructive',
      });
      focusFirstError();
      return false;
    }
    return true;
  };

  const applyServerErrors = (err: unknown) => {
    if (!isApiError(err) || !err.errors) return;
    const known = Object.keys(fields) as Array<keyof PhotoFields>;
    const mapped = Object.fromEntries(
      Object.entries(err.errors).filter(([name]) => known.includes(name as keyof PhotoFields)),
    );
    if (Object.keys(mapped).length > 0) {
      setFieldErrors((prev) => ({ ...prev, ...mapped }));
      focusFirstError();
    }
  };

  const onProgress = ({ loaded, total }: { loaded: number; total: number }) => {
    const percent = total > 0 ? Math.round((loaded / total) * 100) : 0;
    setPhase(percent >= 100 ? { step: 'processing' } : { step: 'uploading', percent });
  };

  const submitAdd = async () => {
    if (!image) {
      setFieldErrors((prev) => ({ ...prev, image: 'Please upload a photo image before submitting' }));
      toast({
        title: 'Missing image',
        description: 'Please upload a photo image before submitting',
        variant: 'destructive',
      });
      return;
    }
    if (!validateFields()) return;
    if (addRows.length === 0) {
      setOptionsMessage('At least one print option is required');
      return;
    }
    const errors = rowErrors(addRows, validateAddOption);
    setOptionErrors(errors);
    if (Object.keys(errors).length > 0) {
      focusFirstError();
      return;
    }
    setOptionsMessage(null);

    setPhase({ step: 'uploading', percent: 0 });
    let created: PhotoDetail;
    try {
      created = await uploadJson<PhotoDetail>(
        'POST',
        '/api/admin/photos',
        {
          ...basePayload(),
          imageData: image.base64,
          imageType: image.type,
          thumbnailData: thumbnail?.base64 ?? null,
        },
        onProgress,
      );
    } catch (err) {
      setPhase({ step: 'idle' });
      checkSession(err);
      applyServerErrors(err);
      toast({
        title: 'Error',
        description: isApiError(err)
          ? 'Failed to add the photo. Please try again.'
          : 'There was a problem adding the photo. Please try again.',
        variant: 'destructive',
      });
      return;
    }
    dispatch(api.util.invalidateTags(['Photos']));

    setPhase({ step: 'options' });
    const results = await Promise.allSettled(
      addRows.map((row) =>
        createPrintOption({
          photoId: created.id,
          size: row.size.trim(),
          material: row.material.trim(),
          price: toNumber(row.price),
          inStock: row.inStock,
        }).unwrap(),
      ),
    );
    setPhase({ step: 'idle' });
    const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed.length > 0) {
      // The photo exists; the owner finishes its options where they are assigned.
      toast({
        title: 'Photo added',
        description: `${failed.length} print option${failed.length === 1 ? '' : 's'} could not be saved (${errorMessage(failed[0].reason)}). Assign options here.`,
        variant: 'destructive',
      });
      navigate(`/admin/manage-photo-options/${created.id}`);
      return;
    }
    toast({ title: 'Photo added', description: `"${created.title}" is now in your portfolio.` });
    navigate('/admin/dashboard');
  };

  /** Writes the edited print options; returns the messages of the writes that failed. */
  const syncEditOptions = async (photoId: number): Promise<string[]> => {
    const failures: string[] = [];
    const removals = removedIds.map(async (optionId) => {
      try {
        await unassignItemOption({ photoId, optionId }).unwrap();
        return optionId;
      } catch (err) {
        failures.push(errorMessage(err));
        return null;
      }
    });
    const writes = editRows.map(async (row) => {
      const body = {
        size: row.size.trim(),
        format: row.format.trim(),
        price: toNumber(row.price),
        shipping: toNumber(row.shipping),
      };
      try {
        if (row.id === undefined) {
          const option = await createPhotoItemOption({ photoId, ...body }).unwrap();
          return { key: row.key, id: option.id };
        }
        if (hasChanged(row, savedRows[row.id])) await updateItemOption({ id: row.id, ...body }).unwrap();
        return { key: row.key, id: row.id };
      } catch (err) {
        failures.push(errorMessage(err));
        return null;
      }
    });
    const [removed, written] = await Promise.all([Promise.all(removals), Promise.all(writes)]);

    // Keep what succeeded so that saving again retries only what failed.
    const removedNow = removed.filter((id): id is number => id !== null);
    setRemovedIds((prev) => prev.filter((id) => !removedNow.includes(id)));
    const savedIds = new Map(written.filter((w) => w !== null).map((w) => [w.key, w.id]));
    const nextRows = editRows.map((row) =>
      savedIds.has(row.key) ? { ...row, id: savedIds.get(row.key) } : row,
    );
    setEditRows(nextRows);
    setSavedRows((prev) => {
      const next = { ...prev };
      for (const row of nextRows) if (row.id !== undefined && savedIds.has(row.key)) next[row.id] = row;
      return next;
    });
    return failures;
  };

  const submitEdit = async (current: PhotoDetail) => {
    if (!validateFields()) return;
    const errors = rowErrors(editRows, validateEditOption);
    setOptionErrors(errors);
    if (Object.keys(errors).length > 0) {
      focusFirstError();
      return;
    }
    setOptionsMessage(null);

    const payload: PhotoPayload = { ...basePayload() };
    if (image) {
      payload.imageData = image.base64;
      payload.imageType = image.type;
      payload.thumbnailData = thumbnail?.base64 ?? image.autoThumbnail ?? null;
    } else if (thumbnail) {
      payload.thumbnailData = thumbnail.base64;
    }

    setPhase(image || thumbnail ? { step: 'uploading', percent: 0 } : { step: 'processing' });
    try {
      await uploadJson<PhotoDetail>('PUT', `/api/admin/photos/${current.id}`, payload, onProgress);
    } catch (err) {
      setPhase({ step: 'idle' });
      checkSession(err);
      applyServerErrors(err);
      toast({
        title: 'Error',
        description: 'Failed to update the photo. Please try again.',
        variant: 'destructive',
      });
      return;
    }
    dispatch(api.util.invalidateTags(['Photos', { type: 'Photo', id: current.id }]));

    setPhase({ step: 'options' });
    const failures = await syncEditOptions(current.id);
    setPhase({ step: 'idle' });
    if (failures.length > 0) {
      setOptionsMessage(`Some print options could not be saved: ${failures.join('; ')}`);
      toast({
        title: 'Error',
        description: 'Failed to update the photo. Please try again.',
        variant: 'destructive',
      });
      return;
    }
    toast({ title: 'Photo updated', description: `"${fields.title.trim()}" has been saved.` });
    navigate('/admin/dashboard');
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    void (photo ? submitEdit(photo) : submitAdd());
  };

  const removeAddRow = (key: string) => {
    if (addRows.length <= 1) {
      toast({
        title: 'Cannot remove',
        description: 'At least one print option is required.',
        variant: 'destructive',
      });
      return;
    }
    setAddRows((rows) => rows.filter((row) => row.key !== key));
  };

  const removeEditRow = (key: string) => {
    const row = editRows.find((r) => r.key === key);
    if (row?.id !== undefined) setRemovedIds((ids) => [...ids, row.id as number]);
    setEditRows((rows) => rows.filter((r) => r.key !== key));
  };

  const progressText =
    phase.step === 'uploading'
      ? `Uploading photo... ${phase.percent}%`
      : phase.step === 'processing'
        ? 'Processing photo...'
        : 'Saving print options...';

  const mainPreview = image ? (
    <PreviewImage src={image.previewUrl} alt="Preview of the chosen photo" />
  ) : photo ? (
    <PreviewImage src={photo.thumbnailUrl} alt={`Current image of ${photo.title}`} />
  ) : undefined;

  const thumbnailPreview = thumbnail ? (
    <Box
      component="img"
      src={thumbnail.previewUrl}
      alt="Preview of the chosen thumbnail"
      sx={{ maxWidth: 160, maxHeight: 120, objectFit: 'contain' }}
    />
  ) : undefined;

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
          <Section title="Image">
            <Stack spacing={3}>
              <ImagePicker
                label="Photo Image"
                buttonLabel={image || photo ? 'Choose a different image' : 'Choose image'}
                hint={
                  isEdit
                    ? 'Choose a new image only to replace the current one (up to 10MB).'
                    : 'JPEG, PNG, WebP or another image format, up to 5MB.'
                }
                preview={mainPreview}
                fileName={image?.file.name}
                onFile={(file) => void onImage(file)}
                onClear={image ? () => setImage(null) : undefined}
                clearLabel={isEdit ? 'Keep current image' : 'Remove'}
                disabled={busy}
                error={fieldErrors.image}
              />
              <ImagePicker
                compact
                label="Thumbnail Image (optional)"
                buttonLabel={thumbnail ? 'Choose a different thumbnail' : 'Choose thumbnail'}
                hint={
                  isEdit
                    ? 'Up to 2MB. Without one, a new image gets a thumbnail made automatically.'
                    : 'Up to 1MB. Without one, a thumbnail is made from the photo.'
                }
                preview={thumbnailPreview}
                fileName={thumbnail?.file.name}
                onFile={(file) => void onThumbnail(file)}
                onClear={thumbnail ? () => setThumbnail(null) : undefined}
                disabled={busy}
              />
              <CropPositionField
                value={fields.verticalPosition}
                onChange={(value) => setField('verticalPosition', value)}
                previewSrc={image?.previewUrl}
                photo={photo}
                disabled={busy}
              />
            </Stack>
          </Section>

          <Section title="Details">
            <Stack spacing={2.5}>
              <TextField
                label="Title"
                value={fields.title}
                onChange={(e) => setField('title', e.target.value)}
                error={Boolean(fieldErrors.title)}
                helperText={fieldErrors.title}
                disabled={busy}
                required
                slotProps={{ htmlInput: { maxLength: 200 } }}
              />
              <RichTextEditor
                id="photo-description"
                label="Description *"
                value={fields.description}
                onChange={(html) => setField('description', html)}
                disabled={busy}
                error={Boolean(fieldErrors.description)}
                helperText={fieldErrors.description}
              />
              <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                <TextField
                  label="Location"
                  value={fields.location}
                  onChange={(e) => setField('location', e.target.value)}
                  error={Boolean(fieldErrors.location)}
                  helperText={fieldErrors.location}
                  disabled={busy}
                />
                <TextField
                  label="Date Taken"
                  placeholder="e.g. 2024 or May 2024"
                  value={fields.dateTaken}
                  onChange={(e) => setField('dateTaken', e.target.value)}
                  error={Boolean(fieldErrors.dateTaken)}
                  helperText={fieldErrors.dateTaken}
                  disabled={busy}
                />
                <AspectRatioField
                  id="photo-aspect-ratio"
                  value={fields.aspectRatio}
                  onChange={(value) => setField('aspectRatio', value)}
                  choices={ratioChoices}
                  disabled={busy}
                  error={fieldErrors.aspectRatio}
                />
                <TextField
                  select
                  label="Category"
                  value={fields.category}
                  onChange={(e) => setField('category', e.target.value)}
                  error={Boolean(fieldErrors.category)}
                  helperText={fieldErrors.category}
                  disabled={busy}
                  required
                >
                  {categoryChoices.length === 0 && (
                    <MenuItem value="" disabled>
                      No categories yet
                    </MenuItem>
                  )}
                  {categoryChoices.map((category) => (
                    <MenuItem key={category.value} value={category.value}>
                      {category.label}
                    </MenuItem>
                  ))}
                </TextField>
                <TextField
                  label="Display Order"
                  type="number"
                  value={fields.displayOrder}
                  onChange={(e) => setField('displayOrder', e.target.value)}
                  error={Boolean(fieldErrors.displayOrder)}
                  helperText={fieldErrors.displayOrder ?? 'Lower numbers show first.'}
                  disabled={busy}
                  slotProps={{ htmlInput: { step: 1, inputMode: 'numeric' } }}
                />
                <FormControlLabel
                  control={
                    <Switch
                      checked={fields.featured}
                      onChange={(e) => setField('featured', e.target.checked)}
                      disabled={busy}
                    />
                  }
                  label="Featured"
                  sx={{ alignSelf: 'start', mt: { sm: 1 } }}
                />
              </Box>
            </Stack>
          </Section>
        </Box>

        <Section
          title="Print Options"
          description={
            isEdit
              ? 'Edit sizes, formats and prices in place; a change applies to every photo offering that option. Options you remove are unassigned from this photo when you save.'
              : 'The sizes and materials this photo is sold in.'
          }
        >
          {optionsMessage && (
            <Alert severity="error" sx={{ mb: 2 }} role="alert">
              {optionsMessage}
            </Alert>
          )}
          {isEdit ? (
            <EditPrintOptionRows
              rows={editRows}
              errors={optionErrors}
              onChange={(key, patch) => {
                setEditRows((rows) => rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));
                setOptionErrors((prev) => ({ ...prev, [key]: {} }));
              }}
              onRemove={removeEditRow}
              onAdd={() => setEditRows((rows) => [...rows, emptyEditOption()])}
              disabled={busy}
            />
          ) : (
            <AddPrintOptionRows
              rows={addRows}
              errors={optionErrors}
              onChange={(key, patch) => {
                setAddRows((rows) => rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));
                setOptionErrors((prev) => ({ ...prev, [key]: {} }));
              }}
              onRemove={removeAddRow}
              onAdd={() => {
                setAddRows((rows) => [...rows, emptyAddOption()]);
                setOptionsMessage(null);
              }}
              disabled={busy}
            />
          )}
        </Section>

        {busy && (
          <Box role="status" aria-live="polite">
            <Typography variant="body2" sx={{ mb: 0.75 }}>
              {progressText}
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
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
