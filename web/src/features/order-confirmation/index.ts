export { BreakableEmail } from './breakable-email';
export { handOverConfirmation, type OrderConfirmation } from './confirmation-handoff';
export { OrderConfirmationSlot } from './order-confirmation-slot';
