import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../lib/api';
import { FormTextField } from '../shared/form-field';
import { GridBox } from '../shared/grid-box';
import { useSessionExpiryCheck } from '../shared/session';
import { SwitchRow } from './switch-row';
import {
  afterConnection,
  connectionText,
  labFieldId,
  type LabField,
  type LabForm,
  type LabValues,
} from './lab-settings-model';
import { useTestLabConnectionMutation, type LabConnection, type LabSettingsView } from './api';

/** What the last successful test found for each of the lab's own settings (its stores). */
export type Choices = LabConnection['choices'];
const SAVED_SECRET = 'Saved — leave blank to keep';
/** What the connection test said, shown under its button. */
type ConnectionNote = { ok: boolean; text: string };

type Props = {
  form: LabForm;
  /** The choices the last successful test found; null until then. */
  choices: Choices | null;
  onChoices: (choices: Choices | null) => void;
  onTesting: (testing: boolean) => void;
};

/**
 * Test mode, the key (and secret), and 'Test connection', which tries what is typed without saving
 * it; then the lab's own settings (Lumaprints' store), each chosen from those the test found.
 */
export function LabConnectionFields({ form, choices, onChoices, onTesting }: Props) {
  const { lab, values, set, errors, busy } = form;
  const checkSession = useSessionExpiryCheck();
  const [testConnection, { isLoading: testing }] = useTestLabConnectionMutation();
  const [note, setNote] = useState<ConnectionNote | null>(null);
  const id = (field: LabField) => labFieldId(lab.provider, field);

  // a new key, secret or mode makes the last test's answer stale
  const retype = <F extends 'apiKey' | 'apiSecret' | 'sandbox'>(field: F, value: LabValues[F]) => {
    set(field, value);
    setNote(null);
    onChoices(null);
  };

  const onTest = async () => {
    if (busy) return;
    setNote(null);
    onTesting(true);
    try {
      const answer = await testConnection({
        provider: lab.provider,
        sandbox: values.sandbox,
        ...(values.apiKey.trim() ? { apiKey: values.apiKey.trim() } : {}),
        ...(lab.usesSecret && values.apiSecret.trim() ? { apiSecret: values.apiSecret.trim() } : {}),
      }).unwrap();
      const { settings, next } = afterConnection(answer, lab, values.settings);
      onChoices(answer.choices);
      set('settings', settings);
      setNote({ ok: true, text: connectionText(answer, next) });
    } catch (err) {
      checkSession(err);
      // the lab's refusal in words, its own text beside (the server's sentence)
      setNote({ ok: false, text: errorMessage(err) });
    } finally {
      onTesting(false);
    }
  };

  const secretField = (field: 'apiKey' | 'apiSecret', label: string, saved: boolean) => (
    <FormTextField
      id={id(field)}
      label={label}
      type="password"
      autoComplete="new-password"
      value={values[field]}
      onValueChange={(v) => retype(field, v)}
      error={errors[field]}
      helperText={saved ? SAVED_SECRET : undefined}
      disabled={busy}
      slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
    />
  );

  return (
    <Stack spacing={2}>
      <SwitchRow
        form={form}
        field="sandbox"
        onChange={(checked) => retype('sandbox', checked)}
        title="Test mode (sandbox)"
        text="Orders go to the lab’s sandbox: nothing is printed, shipped or charged."
      />
      <GridBox columns={{ xs: '1fr', sm: lab.usesSecret ? '1fr 1fr' : '1fr' }} alignStart>
        {secretField('apiKey', 'API key', lab.apiKeySet)}
        {lab.usesSecret && secretField('apiSecret', 'API secret', lab.apiSecretSet)}
      </GridBox>
      <div>
        <Button
          variant="outlined"
          onClick={() => void onTest()}
          disabled={busy}
          aria-describedby={`${id('apiKey')}-test-text`}
          sx={{ width: { xs: '100%', sm: 'auto' } }}
        >
          {testing ? 'Testing...' : 'Test connection'}
        </Button>
        <Typography id={`${id('apiKey')}-test-text`} variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          Tries the key as typed (or the saved one), without saving it.
        </Typography>
      </div>
      {note && (
        <Alert
          severity={note.ok ? 'success' : 'error'}
          role={note.ok ? 'status' : 'alert'}
          sx={{ overflowWrap: 'anywhere' }}
        >
          {note.text}
        </Alert>
      )}
      {lab.settingFields.map((field) => (
        <ChoiceField
          key={field.key}
          form={form}
          field={field}
          choices={choices && (choices[field.key] ?? [])}
        />
      ))}
    </Stack>
  );
}

type Field = LabSettingsView['settingFields'][number];

/** One of the lab's own settings: a choice among those a successful test found, else the saved one. */
function ChoiceField({
  form: { lab, values, set, errors, busy },
  field,
  choices,
}: {
  form: LabForm;
  field: Field;
  choices: Choices[string] | null;
}) {
  const error = errors[field.key];
  const fieldId = labFieldId(lab.provider, field.key);
  const value = values.settings[field.key];
  const choose = (id: unknown) => set('settings', { ...values.settings, [field.key]: id });
  if (choices === null)
    return (
      <Typography
        id={fieldId}
        tabIndex={-1}
        variant="body2"
        color={error ? 'error' : 'text.secondary'}
        role={error ? 'alert' : undefined}
      >
        {error
          ? `${error} Test the connection to list ${field.list}.`
          : value === null || value === undefined || value === ''
            ? `Test the connection to choose ${field.choose}.`
            : `${field.saved.replace('{value}', String(value))} Test the connection to choose another.`}
      </Typography>
    );
  const index = choices.findIndex((c) => c.id === value);
  return (
    <TextField
      select
      id={fieldId}
      label={field.label}
      value={index < 0 ? '' : index}
      onChange={(event) => choose(choices[Number(event.target.value)]?.id ?? null)}
      disabled={busy || choices.length === 0}
      error={Boolean(error)}
      helperText={error ?? field.help}
    >
      {choices.map((c, i) => (
        <MenuItem key={String(c.id)} value={i}>
          {c.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
