import { useState, type FormEvent } from 'react';
import Stack from '@mui/material/Stack';
import { useToast } from '../../../components/toast';
import { isApiError } from '../../../lib/api';
import { OtherErrors } from '../shared/other-errors';
import { SaveChangesButton } from '../shared/save-changes-button';
import { splitServerErrors } from '../shared/server-errors';
import { useSettingsForm } from '../shared/use-settings-form';
import { SwitchRow } from './switch-row';
import { LabConnectionFields, type Choices } from './lab-connection-fields';
import { LabOrderFields } from './lab-order-fields';
import { labFieldId, labFields, type LabField, type LabForm, type LabValues } from './lab-settings-model';
import { useSaveLabSettingsMutation, type LabSettingsRequest, type LabSettingsView } from './api';

const valuesOf = (lab: LabSettingsView): LabValues => ({
  enabled: lab.enabled,
  sandbox: lab.sandbox,
  apiKey: '',
  apiSecret: '',
  settings: lab.settings,
  shippingMethod: lab.shippingMethod,
  productionTime: lab.productionTime,
  holdMinutes: String(lab.holdMinutes),
  reviewBeforeSending: lab.reviewBeforeSending,
  minMarginPercent: String(lab.minMarginPercent),
});

/** A refusal without fields (the lab's, in words) shows above the button like the others. */
async function withMessageInForm<T>(request: Promise<T>): Promise<T> {
  try {
    return await request;
  } catch (err) {
    if (isApiError(err) && !err.errors && err.serverMessage && err.status === 400)
      throw { ...err, errors: { form: err.serverMessage } };
    throw err;
  }
}

/** One lab's settings: its connection (tested as typed), then the orders sent to it. Saved alone. */
export function LabSettingsForm({ lab }: { lab: LabSettingsView }) {
  const toast = useToast();
  const [saveSettings, { isLoading: saving }] = useSaveLabSettingsMutation();
  const [values, setValues] = useState<LabValues>(() => valuesOf(lab));
  // what the last successful test found (null: not tested since the key or mode changed)
  const [choices, setChoices] = useState<Choices | null>(null);
  const [testing, setTesting] = useState(false);
  const { errors, otherErrors, clear, save } = useSettingsForm<LabField>({
    saving,
    failure: `save the ${lab.name} settings`,
    placeErrors: (answer) => {
      const { byField, first, other } = splitServerErrors(answer, labFields(lab));
      return { byField, focusId: first && labFieldId(lab.provider, first), other };
    },
  });
  const busy = saving || testing;

  const set = <F extends keyof LabValues>(field: F, value: LabValues[F]) => {
    setValues((prev) => ({ ...prev, [field]: value }));
    clear(field);
  };

  const form: LabForm = { lab, values, set, errors, busy };

  const request = (): LabSettingsRequest => ({
    provider: lab.provider,
    enabled: values.enabled,
    sandbox: values.sandbox,
    reviewBeforeSending: values.reviewBeforeSending,
    // blank: the stored key and secret are kept
    ...(values.apiKey.trim() ? { apiKey: values.apiKey.trim() } : {}),
    ...(lab.usesSecret && values.apiSecret.trim() ? { apiSecret: values.apiSecret.trim() } : {}),
    settings: values.settings,
    shippingMethod: values.shippingMethod,
    productionTime: values.productionTime,
    holdMinutes: values.holdMinutes.trim(),
    minMarginPercent: values.minMarginPercent.trim(),
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const saved = await save(() => withMessageInForm(saveSettings(request()).unwrap()));
    if (!saved) return;
    // stored now: the key fields empty and say so
    setValues(valuesOf(saved));
    toast({
      title: 'Print Lab Settings Saved',
      description: !saved.enabled
        ? `${saved.name} is off: it is sent no orders.`
        : saved.reviewBeforeSending
          ? `Paid orders for the prints ${saved.name} makes wait in To review for your approval.`
          : `Paid orders for the prints ${saved.name} makes go to the lab.`,
    });
  };

  return (
    <Stack component="form" noValidate onSubmit={(e) => void onSubmit(e)} spacing={2.5}>
      <SwitchRow
        form={form}
        field="enabled"
        onChange={(checked) => {
          set('enabled', checked);
          clear(...lab.settingFields.map((f) => f.key));
        }}
        title={`Send orders to ${lab.name}`}
        text="When off, you ship the prints it would make yourself."
      />
      <LabConnectionFields form={form} choices={choices} onChoices={setChoices} onTesting={setTesting} />
      <LabOrderFields form={form} />
      <OtherErrors messages={otherErrors} />
      <SaveChangesButton saving={saving} />
    </Stack>
  );
}
