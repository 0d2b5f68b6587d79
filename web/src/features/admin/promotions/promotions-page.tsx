import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { useToast } from '../../../components/toast';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../shared/relative-time';
import { useActionToast } from '../shared/action-toast';
import { ConfirmDeleteDialog } from '../shared/confirm-delete-dialog';
import { EmptyList, ListSkeleton } from '../shared/list-panel';
import { LoadError } from '../shared/load-error';
import { useEditDialog } from '../shared/use-edit-dialog';
import { useSessionExpiryCheck } from '../shared/session';
import { SubPage } from '../shared/sub-page';
import { CardRow } from '../shared/card-row';
import {
  useDeletePromotionMutation,
  useGetPromotionsQuery,
  useSetPromotionPausedMutation,
  type PromotionView,
} from './api';
import { PromotionDialog } from './promotion-dialog';
import { STATE_LABELS, usesText } from './promotion-form-model';

const STATE_COLORS: Record<PromotionView['state'], ChipProps['color']> = {
  active: 'success',
  paused: 'warning',
  scheduled: 'info',
  expired: 'default',
  'used up': 'default',
};

function datesText(p: PromotionView): string {
  const parts = [];
  if (p.startsAt && p.state === 'scheduled') parts.push(`Starts ${formatDateTime(p.startsAt)}`);
  parts.push(
    p.expiresAt
      ? `${p.state === 'expired' ? 'Expired' : 'Expires'} ${formatDateTime(p.expiresAt)}`
      : 'No expiry',
  );
  return parts.join(' · ');
}

type RowProps = {
  promotion: PromotionView;
  onEdit: (p: PromotionView) => void;
  onDelete: (p: PromotionView) => void;
  onPause: (p: PromotionView) => void;
  pausing: boolean;
};

function PromotionRow({ promotion: p, onEdit, onDelete, onPause, pausing }: RowProps) {
  const headingId = `promotion-${p.id}-code`;
  return (
    <CardRow
      headingId={headingId}
      sideBy="md"
      align="center"
      title={
        <>
          <Typography
            id={headingId}
            component="h2"
            sx={{ fontFamily: 'monospace', fontWeight: 700, fontSize: '1.1rem', overflowWrap: 'anywhere' }}
          >
            {p.code}
          </Typography>
          <Chip size="small" label={STATE_LABELS[p.state]} color={STATE_COLORS[p.state]} />
        </>
      }
      actions={
        <>
          <Button
            variant="outlined"
            size="small"
            onClick={() => onPause(p)}
            disabled={pausing}
            startIcon={p.paused ? <PlayArrowIcon /> : <PauseIcon />}
            aria-label={`${p.paused ? 'Resume' : 'Pause'} ${p.code}`}
          >
            {p.paused ? 'Resume' : 'Pause'}
          </Button>
          <Tooltip title="Edit">
            <IconButton onClick={() => onEdit(p)} aria-label={`Edit ${p.code}`}>
              <EditOutlinedIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title="Delete">
            <IconButton onClick={() => onDelete(p)} aria-label={`Delete ${p.code}`} color="error">
              <DeleteOutlinedIcon />
            </IconButton>
          </Tooltip>
        </>
      }
    >
      <Typography sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>{p.summary}</Typography>
      <Typography variant="body2" color="text.secondary">
        {usesText(p)}
        {p.maxUsesPerEmail != null && ` · ${p.maxUsesPerEmail} per buyer`}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {datesText(p)}
      </Typography>
    </CardRow>
  );
}

/** The owner's promotion codes: add, edit, pause or resume, delete (a used code can only be paused). */
export default function PromotionsPage() {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const withToast = useActionToast();
  const toast = useToast();
  const checkSession = useSessionExpiryCheck();
  const { data, isLoading, isError, error, refetch, isFetching } = useGetPromotionsQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const [setPaused] = useSetPromotionPausedMutation();
  const [deletePromotion, { isLoading: deleting }] = useDeletePromotionMutation();
  const dialog = useEditDialog<PromotionView>();
  const [pausingId, setPausingId] = useState<number | null>(null);
  const [pendingDelete, setPendingDelete] = useState<PromotionView | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const togglePause = async (p: PromotionView) => {
    setPausingId(p.id);
    await withToast(() => setPaused({ id: p.id, paused: !p.paused }).unwrap(), {
      done: {
        title: p.paused ? 'Code Resumed' : 'Code Paused',
        description: p.paused ? `Buyers can use ${p.code} again.` : `Buyers can not use ${p.code} for now.`,
      },
      failure: p.paused ? 'resume the code' : 'pause the code',
      onError: checkSession,
    });
    setPausingId(null);
  };

  const askDelete = (p: PromotionView) => {
    setDeleteError(null);
    setPendingDelete(p);
  };

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    try {
      await deletePromotion(pendingDelete.id).unwrap();
      setPendingDelete(null);
      toast({ title: 'Code Deleted', description: `${pendingDelete.code} has been deleted.` });
    } catch (err) {
      checkSession(err);
      // a used code can not be deleted (409): the dialog says so and stays open
      setDeleteError(errorMessage(err));
    }
  };

  const promotions = data ?? [];

  return (
    <SubPage
      title="Promotion Codes"
      backTo="/admin/orders"
      backLabel="Back to Orders"
      maxWidth="lg"
      actions={
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={dialog.openAdd}
          sx={{ width: { xs: '100%', sm: 'auto' } }}
        >
          Add Promotion Code
        </Button>
      }
    >
      <Typography color="text.secondary" sx={{ mb: 3, mt: -1 }}>
        Codes buyers enter at checkout: percent off, an amount off or free shipping. Uses count paid orders;
        pending ones are unpaid orders holding a use until they are paid or canceled.
      </Typography>

      {isLoading ? (
        <ListSkeleton label="Loading promotion codes" height={120} />
      ) : isError ? (
        <LoadError onRetry={refetch} retrying={isFetching} what="promotion codes" error={error} />
      ) : promotions.length === 0 ? (
        <EmptyList>No promotion codes yet. Add your first code using the button above.</EmptyList>
      ) : (
        <Stack
          component="ul"
          spacing={1.5}
          aria-label="Promotion codes"
          sx={{ listStyle: 'none', p: 0, m: 0, opacity: isFetching ? 0.7 : 1, transition: 'opacity 150ms' }}
        >
          {promotions.map((p) => (
            <PromotionRow
              key={p.id}
              promotion={p}
              onEdit={dialog.openEdit}
              onDelete={askDelete}
              onPause={(picked) => void togglePause(picked)}
              pausing={pausingId === p.id}
            />
          ))}
        </Stack>
      )}

      <PromotionDialog
        open={dialog.open}
        promotion={dialog.entry}
        onClose={dialog.close}
        fullScreen={isPhone}
      />

      <ConfirmDeleteDialog
        open={pendingDelete !== null}
        id="delete-promotion"
        title="Delete promotion code"
        text="Are you sure you want to delete this promotion code? This action cannot be undone."
        deleting={deleting}
        onCancel={() => setPendingDelete(null)}
        onConfirm={() => void confirmDelete()}
        actionsSx={{ px: 3, pb: 2 }}
      >
        {pendingDelete && (
          <Typography sx={{ mt: 2, fontWeight: 600, fontFamily: 'monospace' }}>
            {pendingDelete.code}
          </Typography>
        )}
        {deleteError && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {deleteError}
          </Alert>
        )}
      </ConfirmDeleteDialog>
    </SubPage>
  );
}
