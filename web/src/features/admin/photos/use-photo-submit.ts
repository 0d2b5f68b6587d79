import type { RefObject } from 'react';
import { useNavigate } from 'react-router';
import { api, errorMessage, isApiError } from '../../../lib/api';
import type { PhotoDetail } from '../../../lib/api-types';
import { useAppDispatch } from '../../../lib/hooks';
import { useToast } from '../../../components/toast';
import {
  useCreatePhotoItemOptionMutation,
  useCreatePrintOptionMutation,
  useUnassignItemOptionMutation,
  useUpdateItemOptionMutation,
  type PhotoPayload,
} from '../api';
import { useSessionExpiryCheck } from '../shell/session';
import {
  displayOrderOf,
  hasChanged,
  missingRequired,
  optionalText,
  rowErrors,
  toNumber,
  validateAddOption,
  validateEditOption,
  type PhotoFields,
  type RowErrors,
} from './photo-form-model';
import type { PhotoFormDispatch, PhotoFormState } from './photo-form-state';
import { uploadJson } from './upload-json';

/** Moves focus to the first invalid field once it has rendered. */
export function focusFirstError(form: RefObject<HTMLFormElement | null>) {
  window.setTimeout(() => {
    const invalid = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    invalid?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    invalid?.focus({ preventScroll: true });
  }, 0);
}

/** Sending the add and edit photo form (spec sections 5, 8 and 9): validation, upload, print options. */
export function usePhotoSubmit(
  state: PhotoFormState,
  dispatch: PhotoFormDispatch,
  formRef: RefObject<HTMLFormElement | null>,
) {
  const navigate = useNavigate();
  const appDispatch = useAppDispatch();
  const toast = useToast();
  const checkSession = useSessionExpiryCheck();
  const [createPrintOption] = useCreatePrintOptionMutation();
  const [updateItemOption] = useUpdateItemOptionMutation();
  const [createPhotoItemOption] = useCreatePhotoItemOptionMutation();
  const [unassignItemOption] = useUnassignItemOptionMutation();
  const { fields, image, thumbnail } = state;
  const setPhase = (phase: PhotoFormState['phase']) => dispatch({ type: 'phase', phase });

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

  const applyServerErrors = (err: unknown) => {
    if (!isApiError(err) || !err.errors) return;
    const known = Object.keys(fields) as Array<keyof PhotoFields>;
    const mapped = Object.fromEntries(
      Object.entries(err.errors).filter(([name]) => known.includes(name as keyof PhotoFields)),
    );
    if (Object.keys(mapped).length > 0) {
      dispatch({ type: 'fieldErrors', errors: mapped });
      focusFirstError(formRef);
    }
  };

  /** After a failed photo upload: back to idle, the session checked, the server's field errors shown. */
  const uploadFailed = (err: unknown, description: string) => {
    setPhase({ step: 'idle' });
    checkSession(err);
    applyServerErrors(err);
    toast({ title: 'Error', description, variant: 'destructive' });
  };

  const onProgress = ({ loaded, total }: { loaded: number; total: number }) => {
    const percent = total > 0 ? Math.round((loaded / total) * 100) : 0;
    setPhase(percent >= 100 ? { step: 'processing' } : { step: 'uploading', percent });
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
      uploadFailed(
        err,
        isApiError(err)
          ? 'Failed to add the photo. Please try again.'
          : 'There was a problem adding the photo. Please try again.',
      );
      return;
    }
    appDispatch(api.util.invalidateTags(['Photos']));

    setPhase({ step: 'options' });
    const results = await Promise.allSettled(
      state.addRows.map((row) =>
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
    const removals = state.removedIds.map(async (optionId) => {
      try {
        await unassignItemOption({ photoId, optionId }).unwrap();
        return optionId;
      } catch (err) {
        failures.push(errorMessage(err));
        return null;
      }
    });
    const writes = state.editRows.map(async (row) => {
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
        if (hasChanged(row, state.savedRows[row.id]))
          await updateItemOption({ id: row.id, ...body }).unwrap();
        return { key: row.key, id: row.id };
      } catch (err) {
        failures.push(errorMessage(err));
        return null;
      }
    });
    const [removed, written] = await Promise.all([Promise.all(removals), Promise.all(writes)]);
    dispatch({
      type: 'optionsSynced',
      removed: removed.filter((id): id is number => id !== null),
      savedIds: new Map(written.filter((w) => w !== null).map((w) => [w.key, w.id])),
    });
    return failures;
  };

  const submitEdit = async (current: PhotoDetail) => {
    if (!validateFields()) return;
    if (!validateRows(state.editRows, validateEditOption)) return;

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
      uploadFailed(err, 'Failed to update the photo. Please try again.');
      return;
    }
    appDispatch(api.util.invalidateTags(['Photos', { type: 'Photo', id: current.id }]));

    setPhase({ step: 'options' });
    const failures = await syncEditOptions(current.id);
    setPhase({ step: 'idle' });
    if (failures.length > 0) {
      dispatch({
        type: 'optionsMessage',
        message: `Some print options could not be saved: ${failures.join('; ')}`,
      });
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

  return (photo: PhotoDetail | undefined) => (photo ? submitEdit(photo) : submitAdd());
}
