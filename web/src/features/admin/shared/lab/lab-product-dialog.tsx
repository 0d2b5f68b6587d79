import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useToast } from '../../../../components/toast';
import { failureToast } from '../action-toast';
import { LoadError } from '../load-error';
import { useSessionExpiryCheck } from '../session';
import {
  useGetLabProductsQuery,
  useGetLabSetupQuery,
  useRemoveLabProductMutation,
  type LabProductView,
  type LabSettingsView,
} from './api';
import { LabMadeForm, type MakerFormProps } from './lab-made-form';
import { makerChoices, type Maker } from './lab-model';

const TITLE_ID = 'lab-product-dialog-title';

/** The print option being mapped, as its card or the lab list knows it. */
export type LabProductTarget = { printOptionId: number; size: string; format: string };

type Props = {
  /** The print option to map; null keeps the dialog closed. */
  target: LabProductTarget | null;
  onClose: () => void;
  fullScreen: boolean;
};

/** Who makes one print option: the owner, or one of her labs (its product, size, options and margin). */
export function LabProductDialog({ target, onClose, fullScreen }: Props) {
  return (
    <Dialog
      open={target !== null}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby={TITLE_ID}
    >
      {target && <LabProductLoader target={target} onClose={onClose} />}
    </Dialog>
  );
}

/** Waits for the labs and what they make: the choice starts from them. */
function LabProductLoader({ target, onClose }: { target: LabProductTarget; onClose: () => void }) {
  const products = useGetLabProductsQuery();
  const setup = useGetLabSetupQuery();
  if (products.data && setup.data)
    return (
      <LabProductForm target={target} onClose={onClose} products={products.data} labs={setup.data.labs} />
    );
  const failed = (products.isError && products.error) || (setup.isError && setup.error);
  return (
    <>
      <DialogTitle id={TITLE_ID} sx={{ overflowWrap: 'anywhere' }}>
        Print lab: {target.size}, {target.format}
      </DialogTitle>
      <DialogContent>
        {failed ? (
          <LoadError
            what="the print labs"
            error={failed}
            onRetry={() => {
              void products.refetch();
              void setup.refetch();
            }}
          />
        ) : (
          <Skeleton variant="rounded" height={120} aria-label="Loading the print labs" />
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Cancel</Button>
      </DialogActions>
    </>
  );
}

function LabProductForm({
  target,
  onClose,
  products,
  labs,
}: {
  target: LabProductTarget;
  onClose: () => void;
  products: LabProductView[];
  labs: LabSettingsView[];
}) {
  const current = products.find((p) => p.printOptionId === target.printOptionId);
  const choices = makerChoices(labs, current?.provider);
  // the lab that makes it now, else the owner: a print she ships herself stays hers until she picks a lab
  const [maker, setMaker] = useState<Maker>(current?.provider ?? 'you');
  const lab = labs.find((l) => l.provider === maker);

  const form: MakerFormProps = {
    target,
    current,
    maker: (
      <MakerField
        maker={maker}
        choices={choices}
        labs={labs}
        onChange={setMaker}
        noLabOn={choices.length === 1}
      />
    ),
    onClose,
  };
  return (
    <>
      <DialogTitle id={TITLE_ID} sx={{ overflowWrap: 'anywhere' }}>
        Print lab: {target.size}, {target.format}
      </DialogTitle>
      {lab ? <LabMadeForm key={lab.provider} lab={lab} {...form} /> : <YouMakeItForm {...form} />}
    </>
  );
}

function MakerField({
  maker,
  choices,
  labs,
  onChange,
  noLabOn,
}: {
  maker: Maker;
  choices: Maker[];
  labs: LabSettingsView[];
  onChange: (maker: Maker) => void;
  noLabOn: boolean;
}) {
  const nameOf = (m: Maker) => {
    if (m === 'you') return 'You (you ship it)';
    const lab = labs.find((l) => l.provider === m);
    // the demo labs' doubles print nothing: said in the choice itself
    return lab ? `${lab.name}${lab.demo ? ' (demo)' : ''}` : m;
  };
  return (
    <Box sx={{ pt: 1 }}>
      <TextField
        select
        fullWidth
        id="lab-product-maker"
        label="Made by"
        value={maker}
        onChange={(event) => onChange(event.target.value as Maker)}
        helperText={noLabOn ? undefined : 'You, or one of the labs that are on.'}
      >
        {choices.map((m) => (
          <MenuItem key={m} value={m}>
            {nameOf(m)}
          </MenuItem>
        ))}
      </TextField>
      {noLabOn && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          No lab is on yet. Turn one on in{' '}
          <Link component={RouterLink} to="/admin/orders/print-lab" underline="always">
            Print Lab settings
          </Link>{' '}
          to have it make this print.
        </Typography>
      )}
    </Box>
  );
}

/** The owner makes and ships the print: a lab that made it stops. */
function YouMakeItForm({ target, current, maker, onClose }: MakerFormProps) {
  const toast = useToast();
  const checkSession = useSessionExpiryCheck();
  const [removeLabProduct, { isLoading: removing }] = useRemoveLabProductMutation();
  const label = `${target.size}, ${target.format}`;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!current) return onClose();
    try {
      await removeLabProduct(target.printOptionId).unwrap();
      toast({ title: 'You Ship It', description: `${label} is no longer sent to the lab.` });
      onClose();
    } catch (err) {
      checkSession(err);
      toast(failureToast('stop sending to the lab', err));
    }
  };

  return (
    <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)} sx={{ display: 'contents' }}>
      <DialogContent>
        {maker}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {current
            ? `Saved, paid orders for this print no longer go to ${current.labName}: you make and ship it yourself.`
            : 'You make and ship this print yourself.'}
        </Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={removing}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={removing}>
          {removing ? 'Saving...' : 'Save'}
        </Button>
      </DialogActions>
    </Box>
  );
}
