import { useEffect, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Box from '@mui/material/Box';
import type { UsStateCode } from '@contract';
import type { Cart } from '../../lib/api-types';
import type { GiftCardCheckoutResult as CheckoutResult } from './gift-card-types';
import { isApiError, serverMessage } from '../../lib/api';
import { RequiredTextFields, type TextFieldSpec } from '../../components/required-text-fields';
import { SelectField, TextField } from '../../components/ui';
import { useToast } from '../../components/toast';
import { useValidatedFields } from '../../components/use-validated-fields';
import { useCreateCheckoutMutation, useCreatePaymentIntentMutation, type PaymentProvider } from './api';
import {
  ADDRESS_LINE_MAX,
  CITY_MAX,
  NAME_MAX,
  US_STATES,
  validateCheckoutDetails,
  type CheckoutDetails,
  type CheckoutNeeds,
} from './checkout-validation';
import type { PaymentSession } from './payment-session';
import { followBuyerName, LicenseeFields } from './licensee-fields';
import { ReminderConsent } from './reminder-consent';

const CONTACT_FIELDS: readonly TextFieldSpec<keyof CheckoutDetails>[] = [
  {
    field: 'customerName',
    name: 'name',
    label: 'Full Name',
    autoComplete: 'shipping name',
    slotProps: { htmlInput: { maxLength: NAME_MAX } },
  },
  {
    field: 'customerEmail',
    name: 'email',
    type: 'email',
    label: 'Email',
    autoComplete: 'email',
    hint: 'Your order confirmation is sent here.',
    slotProps: { htmlInput: { inputMode: 'email', autoCapitalize: 'none', spellCheck: false } },
  },
];
/** The address parts, in the order of the form (a failed submit focuses the first invalid one). */
const ADDRESS_FIELDS: readonly TextFieldSpec<keyof CheckoutDetails>[] = [
  {
    field: 'addressLine1',
    name: 'address-line1',
    label: 'Address line 1',
    autoComplete: 'shipping address-line1',
  },
  {
    field: 'addressLine2',
    name: 'address-line2',
    label: 'Address line 2 (optional)',
    autoComplete: 'shipping address-line2',
  },
  { field: 'addressCity', name: 'city', label: 'City', autoComplete: 'shipping address-level2' },
  { field: 'addressState', name: 'state', label: 'State', autoComplete: 'shipping address-level1' },
  { field: 'addressZip', name: 'zip', label: 'ZIP', autoComplete: 'shipping postal-code' },
  // optional; the print lab gives it to the carrier with the address
  { field: 'phone', name: 'phone', label: 'Phone (optional, for the carrier)', autoComplete: 'shipping tel' },
];
/** Licences only, when the shop collects sales tax: the state and ZIP, nothing else of an address. */
const TAX_PLACE_FIELDS = ADDRESS_FIELDS.filter((f) => f.field === 'addressState' || f.field === 'addressZip');
const LICENSEE_FIELD: TextFieldSpec<keyof CheckoutDetails> = {
  field: 'licenseeName',
  name: 'licensee',
  label: 'Name of the person or organisation',
  autoComplete: 'off',
};

/** The fields the cart asks for, in the order of the form (a failed submit focuses the first invalid one). */
const fieldsFor = (needs: CheckoutNeeds) => [
  ...CONTACT_FIELDS,
  ...(needs.licensee ? [LICENSEE_FIELD] : []),
  ...(needs.ships ? ADDRESS_FIELDS : needs.taxPlace ? TAX_PLACE_FIELDS : []),
];
/** Where the server's field errors show: a part of `address`, or the one-text address at line 1. */
const SERVER_FIELDS: Record<string, keyof CheckoutDetails> = {
  customerName: 'customerName',
  customerEmail: 'customerEmail',
  shippingAddress: 'addressLine1',
  'address.line1': 'addressLine1',
  'address.line2': 'addressLine2',
  'address.city': 'addressCity',
  'address.state': 'addressState',
  'address.zip': 'addressZip',
  phone: 'phone',
  'licensee.name': 'licenseeName',
  'taxLocation.state': 'addressState',
  'taxLocation.zip': 'addressZip',
};
const CHECKOUT_FALLBACK = 'There was a problem with your checkout. Please try again.';
const NO_SECRET = 'Unable to process payment';
const NO_SECRET_TOAST_FALLBACK = 'There was a problem processing your payment';
type Props = {
  cart: Cart;
  values: CheckoutDetails;
  onValuesChange: (values: CheckoutDetails) => void;
  /** The provider /api/site announced; the payment-intent answer may name it too. */
  defaultProvider: PaymentProvider;
  /** The cart changed on the server (a 409): fetch it again so the summary shows the new prices. */
  onCartStale: () => void;
  onPaymentReady: (session: PaymentSession) => void;
  /** No network: submitting is disabled (the page explains why). */
  offline: boolean;
  /** The promotion code applied in the summary (the server checks it again). */
  promotionCode: string | null;
  /** The total the summary shows (with tax when known), sent as `totalAmount`. */
  checkoutTotal: number;
  /** The server refused the applied code when the order was placed (used up meanwhile): shown at the code field. */
  onPromotionRefused: (message: string) => void;
  /** A code applied, then refused by the server (its reason is at the code field); null without one. */
  refusedCode: string | null;
  /** The shop collects sales tax (the quote's answer; null until it came). */
  taxCollected: boolean | null;
  /** Gift cards (issue 47): the codes applied, the amount due after them (0: 'Place order', no card form). */
  giftCardCodes?: readonly string[];
  amountDue?: number | null;
  onPaidAtCheckout?: (orderId: number, email: string) => void;
};

/** Phase 1: name, e-mail and US shipping address; creates the order and asks for a payment secret. */
export function DetailsForm({
  cart,
  values,
  onValuesChange,
  defaultProvider,
  onCartStale,
  onPaymentReady,
  offline,
  promotionCode,
  checkoutTotal,
  onPromotionRefused,
  refusedCode,
  taxCollected,
  giftCardCodes = [],
  amountDue = null,
  onPaidAtCheckout,
}: Props) {
  // prints need the address; licences only, the state and ZIP for tax (if collected); gift cards, neither
  const ships = cart.items.length > 0;
  const needs: CheckoutNeeds = {
    ships,
    taxPlace: !ships && (cart.licences?.length ?? 0) > 0 && taxCollected === true,
    licensee: (cart.licences?.length ?? 0) > 0,
  };
  const fields = fieldsFor(needs);
  const toast = useToast();
  const [createCheckout, checkoutState] = useCreateCheckoutMutation();
  const [createPaymentIntent, intentState] = useCreatePaymentIntentMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const busy = checkoutState.isLoading || intentState.isLoading;

  // As for contact: validate on submit, then on every change.
  const changeValues = (next: CheckoutDetails) =>
    onValuesChange(needs.licensee ? followBuyerName(values, next) : next);
  const { setErrors, validateAll, fieldProps } = useValidatedFields({
    idPrefix: 'checkout',
    fields,
    values,
    onValuesChange: changeValues,
    validate: (v) => validateCheckoutDetails(v, needs),
  });
  // a person's licence is prefilled with the buyer's name (details restored from an earlier visit too)
  const prefill =
    needs.licensee && values.licenseeKind === 'person' && !values.licenseeName && values.customerName;
  useEffect(() => {
    if (prefill) onValuesChange({ ...values, licenseeName: values.customerName });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when a prefill becomes due
  }, [prefill]);

  /** The props every address part shares: id, name, label, value, change and error. */
  const common = (field: keyof CheckoutDetails) => {
    const { name, label, autoComplete } = ADDRESS_FIELDS.find((f) => f.field === field)!;
    return {
      id: `checkout-${field}`,
      name,
      label,
      autoComplete,
      value: values[field],
      onChange: fieldProps.onChange(field),
      error: Boolean(fieldProps.errors[field]),
      helperText: fieldProps.errors[field],
      disabled: busy,
    };
  };
  const addressField = (field: keyof CheckoutDetails, extra: { required?: boolean; maxLength: number }) => (
    <TextField {...common(field)} {...extra} />
  );

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setFormError(null);
    if (!validateAll()) return;
    const details = {
      ...values,
      ...Object.fromEntries(
        fieldsFor({ ships: true, taxPlace: false, licensee: true }).map(({ field }) => [
          field,
          values[field].trim(),
        ]),
      ),
    } as CheckoutDetails;

    let placed: CheckoutResult;
    try {
      placed = await createCheckout({
        customerName: details.customerName,
        customerEmail: details.customerEmail,
        ...(needs.ships
          ? {
              address: {
                line1: details.addressLine1,
                line2: details.addressLine2 || undefined,
                city: details.addressCity,
                // validated above: one of US_STATES
                state: details.addressState as UsStateCode,
                zip: details.addressZip,
              },
            }
          : {}),
        ...(needs.taxPlace
          ? { taxLocation: { state: details.addressState as UsStateCode, zip: details.addressZip } }
          : {}),
        ...(needs.licensee ? { licensee: { kind: details.licenseeKind, name: details.licenseeName } } : {}),
        ...(needs.ships && details.phone ? { phone: details.phone } : {}),
        ...(promotionCode ? { promotionCode } : {}),
        ...(giftCardCodes.length ? { giftCardCodes: [...giftCardCodes] } : {}),
        ...(giftCardCodes.length && amountDue !== null ? { amountDue } : {}),
        totalAmount: checkoutTotal,
      }).unwrap();
    } catch (err) {
      console.error('Checkout failed', err);
      const message = serverMessage(err);
      const serverErrors = (isApiError(err) && err.errors) || {};
      const atFields = Object.fromEntries(
        Object.entries(SERVER_FIELDS)
          .filter(([key]) => serverErrors[key])
          .map(([key, field]) => [field, serverErrors[key]]),
      );
      setErrors((current) => ({ ...current, ...atFields }));
      // Each sentence shows once: at its field, else above the button; the toast says what failed.
      const shownAtField = message !== undefined && Object.values(atFields).includes(message);
      const codeRefusal = serverErrors.promotionCode;
      if (serverErrors.giftCardCodes) {
        setFormError(serverErrors.giftCardCodes);
      } else if (codeRefusal) {
        // the code goes: its sentence shows under the code field, where she typed it, the
        // summary's total is without it, and the notice above the button says so
        onPromotionRefused(codeRefusal);
      } else if (isApiError(err) && err.status === 409) {
        onCartStale();
        setFormError(message ?? 'The prices in your cart have changed. Please review your order.');
      } else if (message && !shownAtField) {
        setFormError(message);
      }
      toast({ title: 'Checkout Error', description: CHECKOUT_FALLBACK, variant: 'destructive' });
      return;
    }

    // gift cards paid it all (issue 47): the order is paid, there is no card payment
    if (placed.paid) return onPaidAtCheckout?.(placed.orderId, details.customerEmail);
    // the payment is for the order as the server priced it (its discount and tax), less its gift cards
    const { orderId } = placed;
    const amount = placed.giftCards?.length ? (placed.amountDue ?? placed.total) : placed.total;
    try {
      const intent = await createPaymentIntent({ orderId, amount }).unwrap();
      if (!intent.clientSecret) {
        setFormError(intent.message?.trim() || NO_SECRET);
        toast({
          title: 'Payment Processing Error',
          description: NO_SECRET_TOAST_FALLBACK,
          variant: 'destructive',
        });
        return;
      }
      onPaymentReady({
        orderId,
        clientSecret: intent.clientSecret,
        provider: intent.provider ?? defaultProvider,
        amount,
        order: {
          subtotal: placed.subtotal,
          discount: placed.discount,
          shipping: placed.shipping,
          tax: placed.tax,
          total: placed.total,
          promotion: placed.promotion ?? null,
          taxLine: placed.taxLine ?? null,
          taxCollected: placed.taxCollected,
          ...(placed.giftCards?.length ? { giftCards: placed.giftCards, amountDue: placed.amountDue } : {}),
        },
        cartTotal: cart.total,
        details,
      });
    } catch (err) {
      console.error('Creating the payment failed', err);
      const message = serverMessage(err);
      if (isApiError(err) && err.status === 409) onCartStale();
      setFormError(message ?? NO_SECRET);
      toast({
        title: 'Payment Processing Error',
        description: NO_SECRET_TOAST_FALLBACK,
        variant: 'destructive',
      });
    }
  };

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} aria-label="Your details" spacing={3}>
      <RequiredTextFields {...fieldProps} fields={CONTACT_FIELDS} disabled={busy} />
      <ReminderConsent email={values.customerEmail} disabled={busy} />
      {needs.licensee && (
        <LicenseeFields
          values={values}
          onValuesChange={onValuesChange}
          onNameChange={fieldProps.onChange('licenseeName')}
          error={fieldProps.errors.licenseeName}
          disabled={busy}
        />
      )}
      {needs.ships ? (
        <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
          <Box component="legend" sx={{ p: 0, mb: 1.5, fontWeight: 600 }}>
            Shipping to US Only
          </Box>
          <Stack spacing={3}>
            {addressField('addressLine1', { required: true, maxLength: ADDRESS_LINE_MAX })}
            {addressField('addressLine2', { maxLength: ADDRESS_LINE_MAX })}
            {/* City, State and ZIP share a row from a tablet up; stacked on a phone */}
            <Box
              sx={{
                display: 'grid',
                gap: 3,
                gridTemplateColumns: {
                  xs: 'minmax(0, 1fr)',
                  sm: 'minmax(0, 2fr) minmax(0, 1.4fr) minmax(0, 1fr)',
                },
              }}
            >
              {addressField('addressCity', { required: true, maxLength: CITY_MAX })}
              <SelectField {...common('addressState')} required>
                <option value="">Choose...</option>
                {Object.entries(US_STATES).map(([code, name]) => (
                  <option key={code} value={code}>
                    {name}
                  </option>
                ))}
              </SelectField>
              {addressField('addressZip', { required: true, maxLength: 10 })}
            </Box>
            <TextField {...common('phone')} type="tel" inputMode="tel" maxLength={40} />
          </Stack>
        </Box>
      ) : needs.taxPlace ? (
        <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
          <Box component="legend" sx={{ p: 0, mb: 1.5, fontWeight: 600 }}>
            Where are you? (for sales tax)
          </Box>
          <Box
            sx={{
              display: 'grid',
              gap: 3,
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(0, 1.4fr) minmax(0, 1fr)' },
            }}
          >
            <SelectField {...common('addressState')} required>
              <option value="">Choose...</option>
              {Object.entries(US_STATES).map(([code, name]) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
            </SelectField>
            {addressField('addressZip', { required: true, maxLength: 10 })}
          </Box>
        </Box>
      ) : null}
      {refusedCode && (
        <Alert severity="warning" role="alert">
          {`Your promotion code ${refusedCode} was not applied (see the Order Summary): the total is without it.`}
        </Alert>
      )}
      {formError && (
        <Alert severity="error" role="alert">
          {formError}
        </Alert>
      )}
      <Button type="submit" variant="contained" size="large" disabled={busy || offline} sx={{ py: 1.5 }}>
        {busy ? 'Processing...' : amountDue === 0 ? 'Place order' : 'Continue to Payment'}
      </Button>
    </Stack>
  );
}
