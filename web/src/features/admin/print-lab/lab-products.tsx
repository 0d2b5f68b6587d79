import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { useToast } from '../../../components/toast';
import { failureToast } from '../shared/action-toast';
import { CardRow } from '../shared/card-row';
import { FormSection } from '../shared/form-section';
import {
  useGetLabProductsQuery,
  useGetLabSetupQuery,
  useRemoveLabProductMutation,
  type LabProductView,
} from '../shared/lab/api';
import { DemoChip } from '../shared/lab/demo-chip';
import { inchesText } from '../shared/lab/lab-model';
import { LabMoneyLines } from '../shared/lab/lab-money';
import { LabProductDialog, type LabProductTarget } from '../shared/lab/lab-product-dialog';
import { LoadError } from '../shared/load-error';
import { useSessionExpiryCheck } from '../shared/session';

const labelOf = (p: LabProductView) => `${p.size}, ${p.format}`;
// the warning Alert's own colours: MUI's orange on white is under 4.5:1 for small text
const lowMarginChip = {
  bgcolor: '#fff4e5',
  color: '#663c00',
  fontWeight: 600,
  '& .MuiChip-icon': { color: '#663c00' },
} as const;

function LabProductRow({
  product: p,
  demo,
  onEdit,
  onRemove,
  removing,
}: {
  product: LabProductView;
  demo: boolean;
  onEdit: () => void;
  onRemove: () => void;
  removing: boolean;
}) {
  const headingId = `lab-product-${p.printOptionId}`;
  return (
    <CardRow
      headingId={headingId}
      titleSx={{ mb: 0.25 }}
      title={
        <>
          <Typography id={headingId} component="h3" variant="h6" sx={{ overflowWrap: 'anywhere' }}>
            {p.size} · {p.format}
          </Typography>
          {demo && <DemoChip />}
          {p.lowMargin && (
            <Chip size="small" icon={<WarningAmberIcon />} label="Low margin" sx={lowMarginChip} />
          )}
        </>
      }
      actions={
        <>
          <Button
            variant="outlined"
            size="small"
            startIcon={<EditOutlinedIcon />}
            onClick={onEdit}
            disabled={removing}
            aria-label={`Edit ${labelOf(p)}`}
          >
            Edit
          </Button>
          <Button
            size="small"
            onClick={onRemove}
            disabled={removing}
            aria-label={`Make it myself: ${labelOf(p)}`}
          >
            Make it myself
          </Button>
        </>
      }
    >
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        Made by {p.labName}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
        {p.productName}, {inchesText(p.widthIn)}×{inchesText(p.heightIn)} in
      </Typography>
      {p.mismatch && (
        <Alert severity="warning" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
          {p.mismatch}
        </Alert>
      )}
      <LabMoneyLines product={p} />
    </CardRow>
  );
}

/** The prints the labs make, each with its lab and margin: edit its lab product, or make it yourself. */
export function LabProducts({ fullScreen }: { fullScreen: boolean }) {
  const toast = useToast();
  const checkSession = useSessionExpiryCheck();
  const { data, isLoading, error, refetch, isFetching } = useGetLabProductsQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const { data: setup } = useGetLabSetupQuery();
  const [remove] = useRemoveLabProductMutation();
  const [removingId, setRemovingId] = useState<number | null>(null);
  const [editing, setEditing] = useState<LabProductTarget | null>(null);

  const onRemove = async (p: LabProductView) => {
    setRemovingId(p.printOptionId);
    try {
      await remove(p.printOptionId).unwrap();
      toast({
        title: 'You Ship It',
        description: `${labelOf(p)} is no longer sent to ${p.labName}.`,
      });
    } catch (err) {
      checkSession(err);
      toast(failureToast('stop sending to the lab', err));
    } finally {
      setRemovingId(null);
    }
  };

  let body: ReactNode;
  if (isLoading) body = <Skeleton variant="rounded" height={140} aria-label="Loading the prints" />;
  else if (!data)
    body = <LoadError onRetry={refetch} retrying={isFetching} what="the prints" error={error} />;
  else if (data.length === 0)
    body = (
      <Typography color="text.secondary">
        None yet: you ship every print yourself. In{' '}
        <Link component={RouterLink} to="/admin/manage-item-options" underline="always">
          Sale Items, Manage Options
        </Link>
        , a print’s Print lab button chooses who makes it: you or one of your labs.
      </Typography>
    );
  else
    body = (
      <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }} aria-label="Prints made by the labs">
        {data.map((p) => (
          <LabProductRow
            key={p.printOptionId}
            product={p}
            demo={setup?.demo ?? false}
            onEdit={() => setEditing({ printOptionId: p.printOptionId, size: p.size, format: p.format })}
            onRemove={() => void onRemove(p)}
            removing={removingId === p.printOptionId}
          />
        ))}
      </Stack>
    );

  return (
    <FormSection
      title="Prints made by the labs"
      description="Your price against the lab’s cost and shipping (quoted to your own state)."
    >
      {body}
      <LabProductDialog target={editing} onClose={() => setEditing(null)} fullScreen={fullScreen} />
    </FormSection>
  );
}
