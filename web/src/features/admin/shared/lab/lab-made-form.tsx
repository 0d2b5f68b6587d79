import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Typography from '@mui/material/Typography';
import { useToast } from '../../../../components/toast';
import { errorMessage, isApiError } from '../../../../lib/api';
import { splitServerErrors } from '../server-errors';
import { useFocusAfterSave } from '../use-focus-after-save';
import { useSessionExpiryCheck } from '../session';
import { useSaveLabProductMutation, type LabProductView, type LabSettingsView } from './api';
import {
  LAB_PRODUCT_FIELD_IDS,
  LAB_PRODUCT_FIELDS,
  LabCatalogFields,
  useLabCatalogChoice,
  type LabProductField,
} from './lab-catalog-fields';
import { labProductMismatch } from '@shared/lab-product-match';
import { DemoChip } from './demo-chip';
import { LabProductFigures } from './lab-money';

/** What the dialog's form gets, whoever makes the print: the lab (LabMadeForm) or the owner. */
export type MakerFormProps = {
  target: { printOptionId: number; size: string; format: string };
  /** The print option's lab product now (any lab's). */
  current: LabProductView | undefined;
  /** The choice of who makes it, above the form's fields. */
  maker: ReactNode;
  onClose: () => void;
};

type Props = MakerFormProps & {
  lab: Pick<LabSettingsView, 'provider' | 'name' | 'demo' | 'minMarginPercent'>;
};

/** The print option made by one lab: its product, size and options, saved with the lab's cost quoted. */
export function LabMadeForm({ lab, target, current, maker, onClose }: Props) {
  const toast = useToast();
  const checkSession = useSessionExpiryCheck();
  const label = `${target.size}, ${target.format}`;
  const choice = useLabCatalogChoice(lab.provider, current, target.size);
  const [saveLabProduct, { isLoading: saving }] = useSaveLabProductMutation();
  const [errors, setErrors] = useState<Partial<Record<LabProductField, string>>>({});
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const [saved, setSaved] = useState<LabProductView | null>(null);
  const focusAfterSaveRef = useFocusAfterSave(saving, errors);
  const resultRef = useRef<HTMLDivElement>(null);
  // once saved, the focus goes to what the lab quoted (after it is on screen)
  useEffect(() => {
    if (saved) resultRef.current?.focus();
  }, [saved]);

  const clear = (...fields: LabProductField[]) =>
    setErrors((prev) => {
      const next = { ...prev };
      for (const f of fields) delete next[f];
      return next;
    });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setOtherErrors([]);
    try {
      const answer = await saveLabProduct({
        printOptionId: target.printOptionId,
        ...choice.request(),
      }).unwrap();
      setErrors({});
      setSaved(answer);
      toast({ title: 'Print Lab Product Saved', description: `${label} is made by ${lab.name}.` });
    } catch (err) {
      checkSession(err);
      const { byField, other } = splitServerErrors(
        isApiError(err) ? err.errors : undefined,
        LAB_PRODUCT_FIELDS,
      );
      // without option selects on screen, their message shows with the others
      if (byField.optionIds && !choice.groups.data?.length) {
        other.push(byField.optionIds);
        delete byField.optionIds;
      }
      setErrors(byField);
      const first = LAB_PRODUCT_FIELDS.find((f) => byField[f]);
      if (first) focusAfterSaveRef.current = LAB_PRODUCT_FIELD_IDS[first];
      // the lab's or the shop's own refusal (not configured, lab down) shows here, not in a toast
      setOtherErrors(other.length || first ? other : [errorMessage(err)]);
    }
  };

  // the product picked is not the paper or size buyers are told: said as she picks it
  const width = Number(choice.width);
  const height = Number(choice.height);
  const mismatch =
    choice.product && width > 0 && height > 0
      ? labProductMismatch(target, { productName: choice.product.name, widthIn: width, heightIn: height })
      : null;

  // what the lab quoted: just saved, or the mapping already this lab's
  const shown = saved ?? (current?.provider === lab.provider ? current : undefined);

  return (
    <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)} sx={{ display: 'contents' }}>
      <DialogContent>
        {maker}
        {lab.demo && (
          <Box sx={{ mt: 2 }}>
            <DemoChip long />
          </Box>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ my: 2 }}>
          Choose the {lab.name} product that makes this print. Paid orders for it go to {lab.name}
          {lab.demo ? ', the demo lab built into the shop' : ''}.
        </Typography>
        <LabCatalogFields choice={choice} labName={lab.name} errors={errors} clear={clear} busy={saving} />
        {mismatch && (
          <Alert severity="warning" sx={{ mt: 2.5, overflowWrap: 'anywhere' }}>
            {mismatch} The buyer's e-mail says {target.size} {target.format}.
          </Alert>
        )}
        {otherErrors.map((message) => (
          <Alert key={message} severity="error" role="alert" sx={{ mt: 2.5, overflowWrap: 'anywhere' }}>
            {message}
          </Alert>
        ))}
        {shown && (
          <LabProductFigures
            ref={resultRef}
            product={shown}
            saved={saved !== null}
            minMarginPercent={lab.minMarginPercent}
          />
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={saving}>
          {saved ? 'Done' : 'Cancel'}
        </Button>
        <Button type="submit" variant="contained" disabled={saving || !choice.catalog.data}>
          {saving ? 'Saving...' : 'Save'}
        </Button>
      </DialogActions>
    </Box>
  );
}
