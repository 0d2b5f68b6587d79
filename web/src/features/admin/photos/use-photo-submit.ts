import type { RefObject } from 'react';
import { useNavigate } from 'react-router';
import { api, isApiError } from '../../../lib/api';
import type { AdminPhotoDetail as PhotoDetail } from '../../../lib/api-types';
import { useAppDispatch } from '../../../lib/hooks';
import { useToast } from '../../../components/toast';
import { localInputToIso } from '../shared/photo-protection';
import { useSessionExpiryCheck } from '../shared/session';
import {
  addOptionBody,
  displayOrderOf,
  missingRequired,
  optionEdits,
  optionalText,
  rowErrors,
  serverRowErrors,
  validateAddOption,
  validateEditOption,
  type RowErrors,
  type SentRowKeys,
} from './photo-form-model';
import type { FieldErrors, PhotoFormDispatch, PhotoFormState } from './photo-form-state';
import { uploadWithProgress } from './upload-with-progress';

/** The form's text fields as multipart parts; empty ones are left out (the server reads them from the file). */
function appendFields(form: FormData, fields: Record<string, string | number | boolean | null | undefined>) {
  for (const [name, value] of Object.entries(fields))
    if (value !== null && value !== undefined && value !== '') form.append(name, String(value));
}

/** The server's messages about the files: the form sends `image` and `thumbnail` (the spec's JSON names them `imageData`, `thumbnailData`). */
function fileErrors(errors: Record<string, string>): { image?: string; thumbnail?: string } {
  return {
    image: errors.image ?? errors.imageData,
    thumbnail: errors.thumbnail ?? errors.thumbnailData,
  };
}

/** Moves focus to the first invalid field once it has rendered. */
export function focusFirstError(form: RefObject<HTMLFormElement | null>) {
  window.setTimeout(() => {
    const invalid = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    invalid?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    invalid?.focus({ preventScroll: true });
  }, 0);
}

/**
 * Sending the add and edit photo form: validation, then the photo with its print options in one
 * request that the server applies in one transaction (nothing is half-saved when it fails).
 */
export function usePhotoSubmit(
  state: PhotoFormState,
  dispatch: PhotoFormDispatch,
  formRef: RefObject<HTMLFormElement | null>,
  /** The form's sections from other screens (the limited edition): each one's message when refused. */
  saveSections: () => Promise<string[]> = async () => [],
) {
  const navigate = useNavigate();
  const appDispatch = useAppDispatch();
  const toast = useToast();
  const checkSession = useSessionExpiryCheck();
  const { fields, image, thumbnail } = state;
  const setPhase = (phase: PhotoFormState['phase']) => dispatch({ type: 'phase', phase });

  /**
   * The photo's fields as a multipart form (files streamed, no base64); an empty aspect ratio or
   * date is filled in by the server from the image.
   */
  const baseForm = (printOptions: unknown): FormData => {
    const form = new FormData();
    appendFields(form, {
      title: fields.title.trim(),
      description: fields.description,
      location: optionalText(fields.location) ?? '',
      dateTaken: optionalText(fields.dateTaken),
      aspectRatio: optionalText(fields.aspectRatio),
      category: fields.category,
      displayOrder: displayOrderOf(fields.displayOrder),
      featured: fields.featured,
      verticalPosition: fields.verticalPosition,
      horizontalPosition: fields.horizontalPosition,
      showCameraDetails: fields.showCameraDetails,
      printOptions: JSON.stringify(printOptions),
    });
    // sent even when blank: a blank field clears the saved value (blank publishAt: public now)
    form.append('speciesCommon', fields.speciesCommon.trim());
    form.append('speciesScientific', fields.speciesScientific.trim());
    form.append('protection', fields.protection);
    form.append('publicRegion', fields.publicRegion.trim());
    form.append('publishAt', localInputToIso(fields.publishAt));
    // her rights on this photo's files: the edit form's (blank notice: the site's)
    if (state.mode === 'edit') {
      form.append('copyrightNotice', fields.copyrightNotice.trim());
      form.append('watermarkOff', String(fields.watermarkOff));
    }
    return form;
  };

  /** Checks the photo fields; true when the form may be sent. */
  const validateFields = (): boolean => {
    const missing = missingRequired(fields, state.mode);
    if (missing.length === 0) return true;
    dispatch({
      type: 'fieldErrors',
      errors: Object.fromEntries(missing.map((name) => [name, 'This field is required'])),
    });
    toast({
      title: 'Incomplete form',
      description: 'Please fill in all required fields',
      variant: 'destructive',
    });
    focusFirstError(formRef);
    return false;
  };

  /** Checks the print option rows; true when they may be sent. */
  const validateRows = <R extends { key: string }>(rows: R[], validate: (row: R) => RowErrors): boolean => {
    const errors = rowErrors(rows, validate);
    dispatch({ type: 'optionErrors', errors });
    if (Object.keys(errors).length > 0) {
      focusFirstError(formRef);
      return false;
    }
    dispatch({ type: 'optionsMessage', message: null });
    return true;
  };

  /** The server's field errors on the fields, pickers and option rows they name. */
  const applyServerErrors = (err: unknown, sentRows: SentRowKeys) => {
    if (!isApiError(err) || !err.errors) return;
    const mapped: FieldErrors = Object.fromEntries(
      Object.entries(err.errors).filter(([name]) => name in fields),
    );
    const files = fileErrors(err.errors);
    if (files.image) mapped.image = files.image;
    if (files.thumbnail) mapped.thumbnail = files.thumbnail;
    const options = serverRowErrors(err.errors, sentRows);
    if (Object.keys(options.rows).length > 0) dispatch({ type: 'optionErrors', errors: options.rows });
    if (options.messages.length > 0)
      dispatch({ type: 'optionsMessage', message: options.messages.join(' ') });
    if (Object.keys(mapped).length > 0) dispatch({ type: 'fieldErrors', errors: mapped });
    if (Object.keys(mapped).length > 0 || Object.keys(options.rows).length > 0) focusFirstError(formRef);
  };

  /**
   * After a failed save: back to idle, the session checked, the server's field errors shown. When
   * the server refused a file (too large, not an image, too many pixels), the toast says why.
   */
  const uploadFailed = (err: unknown, description: string, sentRows: SentRowKeys) => {
    setPhase({ step: 'idle' });
    checkSession(err);
    applyServerErrors(err, sentRows);
    const files = isApiError(err) && err.errors ? fileErrors(err.errors) : {};
    const refused = files.image ?? files.thumbnail;
    if (refused)
      toast({
        title: isApiError(err) && err.status === 413 ? 'File too large' : 'Error',
        description: refused,
        variant: 'destructive',
      });
    else toast({ title: 'Error', description, variant: 'destructive' });
  };

  const onProgress = ({ loaded, total }: { loaded: number; total: number }) => {
    const percent = total > 0 ? Math.round((loaded / total) * 100) : 0;
    setPhase(percent >= 100 ? { step: 'processing' } : { step: 'uploading', percent, loaded, total });
  };

  const submitAdd = async () => {
    if (!image) {
      dispatch({ type: 'fieldErrors', errors: { image: 'Please upload a photo image before submitting' } });
      toast({
        title: 'Missing image',
        description: 'Please upload a photo image before submitting',
        variant: 'destructive',
      });
      return;
    }
    if (!validateFields()) return;
    if (state.addRows.length === 0) {
      dispatch({ type: 'optionsMessage', message: 'At least one print option is required' });
      return;
    }
    if (!validateRows(state.addRows, validateAddOption)) return;

    setPhase({ step: 'uploading', percent: 0 });
    let created: PhotoDetail;
    try {
      const form = baseForm(state.addRows.map(addOptionBody));
      form.append('image', image.file, image.file.name);
      if (thumbnail) form.append('thumbnail', thumbnail.file, thumbnail.file.name);
      created = await uploadWithProgress<PhotoDetail>('POST', '/api/admin/photos', form, onProgress);
    } catch (err) {
      uploadFailed(
        err,
        isApiError(err)
          ? 'Failed to add the photo. Please try again.'
          : 'There was a problem adding the photo. Please try again.',
        { '': state.addRows.map((row) => row.key) },
      );
      return;
    }
    appDispatch(api.util.invalidateTags(['Photos', 'PrintOptions']));
    setPhase({ step: 'idle' });
    toast({ title: 'Photo added', description: `"${created.title}" is now in your portfolio.` });
    // the list scrolls to the new photo and marks it (photos-tab.tsx)
    navigate('/admin/dashboard', { state: { addedPhotoId: created.id } });
  };

  const submitEdit = async (current: PhotoDetail) => {
    if (!validateFields()) return;
    if (!validateRows(state.editRows, validateEditOption)) return;

    // the sections first: their rules are the server's (an edition's size below the numbers
    // taken), so a refused one stops the save with its field marked, before the photo is sent
    setPhase({ step: 'processing' });
    const refused = await saveSections();
    if (refused.length > 0) {
      setPhase({ step: 'idle' });
      toast({ title: 'Not saved', description: refused.join(' '), variant: 'destructive' });
      focusFirstError(formRef);
      return;
    }

    const { edits, keys } = optionEdits(state.editRows, state.savedRows, state.removedIds);
    const form = baseForm(edits);
    if (image) form.append('image', image.file, image.file.name);
    if (thumbnail) form.append('thumbnail', thumbnail.file, thumbnail.file.name);
    else if (image?.autoThumbnail) form.append('thumbnail', image.autoThumbnail, 'thumbnail.jpg');

    setPhase(image || thumbnail ? { step: 'uploading', percent: 0 } : { step: 'processing' });
    try {
      await uploadWithProgress<PhotoDetail>('PUT', `/api/admin/photos/${current.id}`, form, onProgress);
    } catch (err) {
      uploadFailed(err, 'Failed to update the photo. Please try again.', keys);
      return;
    }
    // an option edit changes every photo and cart line offering it
    appDispatch(api.util.invalidateTags(['Photos', 'Photo', 'PrintOptions', 'Cart']));
    setPhase({ step: 'idle' });
    toast({ title: 'Photo updated', description: `"${fields.title.trim()}" has been saved.` });
    navigate('/admin/dashboard');
  };

  return (photo: PhotoDetail | undefined) => (photo ? submitEdit(photo) : submitAdd());
}
