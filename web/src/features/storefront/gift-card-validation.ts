/** The gift card form as typed. */
export type GiftCardValues = {
  /** a preset amount ('25') or 'other' */
  amountChoice: string;
  otherAmount: string;
  photoId: string;
  recipientName: string;
  recipientEmail: string;
  senderName: string;
  message: string;
  when: 'now' | 'date';
  /** datetime-local: "2026-12-24T08:00", in the shop's zone */
  sendAt: string;
};
export type GiftCardField = 'amount' | 'photoId' | 'recipientName' | 'recipientEmail' | 'message' | 'sendAt';
export type GiftCardErrors = Partial<Record<GiftCardField | 'senderName', string>>;

/** The server's messages (src/contract/gift-cards.ts giftCardMessages), word for word. */
export const GIFT_CARD_MESSAGES = {
  amount: 'Choose an amount from $10 to $500.',
  photo: 'Choose a picture for the card.',
  recipientName: "Enter the recipient's name.",
  recipientEmail: "Enter the recipient's e-mail address.",
  message: 'The message can be at most 500 characters.',
  sendAt: 'Choose a date and time to send it, from now to a year ahead.',
} as const;

export const MESSAGE_MAX = 500;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** The amount in dollars as chosen or typed, or null when it is not one ($10-$500, whole cents). */
export function chosenAmount(values: Pick<GiftCardValues, 'amountChoice' | 'otherAmount'>): number | null {
  const text =
    values.amountChoice === 'other' ? values.otherAmount.trim().replace(/^\$/, '') : values.amountChoice;
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const amount = Number(text);
  return amount >= 10 && amount <= 500 ? amount : null;
}

/** The form's client rules (the server checks them again); `now` is the shop's local now. */
export function validateGiftCard(values: GiftCardValues, now: string): GiftCardErrors {
  const errors: GiftCardErrors = {};
  if (chosenAmount(values) === null) errors.amount = GIFT_CARD_MESSAGES.amount;
  if (!values.photoId) errors.photoId = GIFT_CARD_MESSAGES.photo;
  if (!values.recipientName.trim()) errors.recipientName = GIFT_CARD_MESSAGES.recipientName;
  if (!EMAIL.test(values.recipientEmail.trim())) errors.recipientEmail = GIFT_CARD_MESSAGES.recipientEmail;
  if (values.message.length > MESSAGE_MAX) errors.message = GIFT_CARD_MESSAGES.message;
  // a local time compares as text ("2026-12-24T08:00" < "2026-12-24T09:00"); the server checks the year
  if (values.when === 'date' && (!LOCAL_DATE_TIME.test(values.sendAt) || values.sendAt < now))
    errors.sendAt = GIFT_CARD_MESSAGES.sendAt;
  return errors;
}

/** The fields in the form's order: the first with an error gets the focus. */
export const FIELD_ORDER: GiftCardField[] = [
  'amount',
  'photoId',
  'recipientName',
  'recipientEmail',
  'message',
  'sendAt',
];
