import type { LabConnection, LabProviderId, LabSettingsView } from './api';

/** The settings' fields in the form's order (the server's 400 names them so); the lab's own go after the key. */
const BEFORE = ['enabled', 'sandbox', 'apiKey', 'apiSecret'] as const;
const AFTER = [
  'shippingMethod',
  'productionTime',
  'holdMinutes',
  'reviewBeforeSending',
  'minMarginPercent',
] as const;
/** A field of the form: one of ours, or one of the lab's own settings (its key: 'storeId'). */
export type LabField = string;
export const labFields = (lab: Pick<LabSettingsView, 'settingFields'>): LabField[] => [
  ...BEFORE,
  ...lab.settingFields.map((f) => f.key),
  ...AFTER,
];
/** Each lab's fields have ids of their own: two labs' forms share the page. */
export const labFieldId = (provider: LabProviderId, field: LabField) => `lab-${provider}-${field}`;

/** A lab's form as typed: numbers as text (the server reads them), a blank key keeps the stored one. */
export type LabValues = {
  enabled: boolean;
  sandbox: boolean;
  apiKey: string;
  apiSecret: string;
  /** The lab's own settings (a store id), as its setting fields chose them. */
  settings: Record<string, unknown>;
  shippingMethod: string;
  productionTime: string;
  holdMinutes: string;
  reviewBeforeSending: boolean;
  minMarginPercent: string;
};

/** What each part of a lab's settings form is given: the lab, the values as typed, their setter, the errors. */
export type LabForm = {
  lab: LabSettingsView;
  values: LabValues;
  set: <F extends keyof LabValues>(field: F, value: LabValues[F]) => void;
  errors: Partial<Record<LabField, string>>;
  /** Saving or testing: every field waits. */
  busy: boolean;
};

/**
 * What a successful test means for the lab's own settings: for each field, the saved choice when
 * the test found it, else the only one found (and what to do next), else none.
 */
export function afterConnection(
  answer: LabConnection,
  lab: Pick<LabSettingsView, 'settingFields'>,
  settings: Record<string, unknown>,
): { settings: Record<string, unknown>; next: string | null } {
  if (!lab.settingFields.length) return { settings, next: 'Save to keep these settings.' };
  const chosen = { ...settings };
  let next: string | null = null;
  for (const { key } of lab.settingFields) {
    const found = answer.choices[key] ?? [];
    if (found.some((c) => c.id === settings[key])) continue;
    // one found: it is the one
    chosen[key] = found.length === 1 ? found[0].id : null;
    if (found.length === 1) next = 'It is chosen below: save to send orders to it.';
  }
  return { settings: chosen, next };
}

/** The test's answer in words: the lab's (the server's sentence), then the next step. */
export const connectionText = (answer: LabConnection, next: string | null) =>
  next ? `${answer.message} ${next}` : answer.message;
