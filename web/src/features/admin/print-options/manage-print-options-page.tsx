import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import type { PrintOption } from '../../../lib/api-types';
import { useGetPrintOptionsQuery } from '../../../lib/catalog-api';
import { useGetAdminPhotosQuery } from '../shared/api';
import { useCreatePrintOptionMutation, useDeletePrintOptionMutation } from './api';
import { AspectRatioField, useAspectRatioChoices } from '../shared/aspect-ratio-field';
import { aspectRatioLabel } from '../shared/aspect-ratio';
import { useSessionExpiryCheck } from '../shared/session';
import { SubPage } from '../shared/sub-page';
import { useGetLabProductsQuery, useGetLabSetupQuery } from '../shared/lab/api';
import { LabProductDialog, type LabProductTarget } from '../shared/lab/lab-product-dialog';
import { PrintOptionCard } from './print-option-card';
import { PrintOptionFieldset } from './print-option-fieldset';
import {
  emptyDraft,
  fieldsOfDraft,
  groupByRatio,
  validateDraft,
  type PrintOptionDraft,
  type PrintOptionErrors,
} from './print-option-model';
import { ConfirmDeleteDialog } from '../shared/confirm-delete-dialog';
import { LoadError } from '../shared/load-error';
import { FormSection } from '../shared/form-section';
import { useActionToast } from '../shared/action-toast';
import { GridBox } from '../shared/grid-box';

function AddPrintOptionForm({ ratioChoices }: { ratioChoices: string[] }) {
  const withToast = useActionToast();
  const checkSession = useSessionExpiryCheck();
  const [createPrintOption, { isLoading: saving }] = useCreatePrintOptionMutation();
  const [draft, setDraft] = useState<PrintOptionDraft>(() => emptyDraft());
  const [errors, setErrors] = useState<PrintOptionErrors>({});

  const update = (patch: Partial<PrintOptionDraft>) => {
    setDraft((prev) => ({ ...prev, ...patch }));
    setErrors((prev) => {
      const next = { ...prev };
      for (const name of Object.keys(patch) as Array<keyof PrintOptionDraft>) delete next[name];
      return next;
    });
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateDraft(draft, true);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const created = await withToast(
      () => createPrintOption({ aspectRatio: draft.aspectRatio.trim(), ...fieldsOfDraft(draft) }).unwrap(),
      {
        done: { title: 'Success', description: 'Item option created.' },
        failure: 'create item option',
        onError: checkSession,
      },
    );
    // The ratio stays: options are usually added several at a time for one ratio.
    if (created) setDraft(emptyDraft(draft.aspectRatio));
  };

  return (
    <FormSection title="Add Item Option" titleId="add-print-option-heading" mb={4}>
      <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <GridBox columns={{ xs: '1fr', md: '1fr 3fr' }} alignStart>
          <AspectRatioField
            id="new-print-option-ratio"
            value={draft.aspectRatio}
            onChange={(aspectRatio) => update({ aspectRatio })}
            choices={ratioChoices}
            disabled={saving}
            error={errors.aspectRatio}
            required
          />
          <PrintOptionFieldset
            idPrefix="new-print-option"
            draft={draft}
            errors={errors}
            onChange={update}
            disabled={saving}
          />
        </GridBox>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
          <Button
            type="submit"
            variant="contained"
            startIcon={<AddIcon />}
            disabled={saving}
            sx={{ width: { xs: '100%', sm: 'auto' } }}
          >
            {saving ? 'Adding...' : 'Add Option'}
          </Button>
        </Box>
      </Box>
    </FormSection>
  );
}

export default function ManagePrintOptionsPage() {
  const withToast = useActionToast();
  const checkSession = useSessionExpiryCheck();
  const { data: options, error, isLoading, refetch, isFetching } = useGetPrintOptionsQuery();
  const { data: photos } = useGetAdminPhotosQuery();
  const [deletePrintOption, { isLoading: deleting }] = useDeletePrintOptionMutation();
  const [pendingDelete, setPendingDelete] = useState<PrintOption | null>(null);
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  // which options the print lab makes; unknown (nothing said on the cards) until it answers
  const { data: labProducts } = useGetLabProductsQuery(undefined, { refetchOnMountOrArgChange: true });
  // the demo labs (LAB_DEMO) print nothing: 'Made by Prodigi (demo)'
  const demo = useGetLabSetupQuery().data?.demo ?? false;
  const labMade = new Map(
    (labProducts ?? []).map((p) => [p.printOptionId, `${p.labName}${demo ? ' (demo)' : ''}`]),
  );
  const [labTarget, setLabTarget] = useState<LabProductTarget | null>(null);

  const groups = groupByRatio(options ?? []);
  const ratioChoices = useAspectRatioChoices(options, photos);

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    const deleted = await withToast(() => deletePrintOption(pendingDelete.id).unwrap(), {
      done: (result) => ({
        title: 'Success',
        description: result?.archived
          ? 'The item option was archived instead of deleted because existing orders reference it. It is no longer offered.'
          : 'Item option deleted.',
      }),
      failure: 'delete item option',
      onError: checkSession,
    });
    if (deleted) setPendingDelete(null);
  };

  return (
    <SubPage
      title="Manage Item Options"
      backTo="/admin/sale-items"
      backLabel="Back to sale items"
      maxWidth="xl"
    >
      <Typography color="text.secondary" sx={{ mb: 3, mt: -2 }}>
        The print catalogue. Each option belongs to one aspect ratio and can be offered on every photo of that
        ratio.
      </Typography>
      <AddPrintOptionForm ratioChoices={ratioChoices} />

      {error && !options ? (
        <LoadError onRetry={refetch} retrying={isFetching} what="item options" error={error} />
      ) : isLoading ? (
        <Skeleton variant="rounded" height={160} />
      ) : groups.length === 0 ? (
        <Typography color="text.secondary">No item options yet. Add the first one above.</Typography>
      ) : (
        groups.map((group) => (
          <Box
            component="section"
            key={group.ratio}
            aria-label={`Aspect ratio ${group.ratio}`}
            sx={{ mb: 4 }}
          >
            <Typography variant="h5" component="h2" sx={{ mb: 1.5 }}>
              {aspectRatioLabel(group.ratio)}
            </Typography>
            <GridBox
              columns={{ xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)', xl: 'repeat(4, 1fr)' }}
            >
              {group.options.map((option) => (
                <PrintOptionCard
                  key={option.id}
                  option={option}
                  onDelete={setPendingDelete}
                  deleting={deleting && pendingDelete?.id === option.id}
                  madeBy={labProducts ? (labMade.get(option.id) ?? null) : undefined}
                  onPrintLab={(o) => setLabTarget({ printOptionId: o.id, size: o.size, format: o.format })}
                />
              ))}
            </GridBox>
          </Box>
        ))
      )}

      <LabProductDialog target={labTarget} onClose={() => setLabTarget(null)} fullScreen={isPhone} />

      <ConfirmDeleteDialog
        open={pendingDelete !== null}
        id="delete-print-option"
        title="Delete item option"
        text="Are you sure you want to delete this item option? This action cannot be undone."
        deleting={deleting}
        onCancel={() => setPendingDelete(null)}
        onConfirm={() => void confirmDelete()}
        actionsSx={{ px: 3, pb: 2 }}
      >
        {pendingDelete && (
          <Typography sx={{ mt: 2, fontWeight: 600 }}>
            {pendingDelete.aspectRatio} · {pendingDelete.size} · {pendingDelete.format}
          </Typography>
        )}
      </ConfirmDeleteDialog>
    </SubPage>
  );
}
