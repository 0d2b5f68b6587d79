// What other features use of checkout.
export { US_STATES } from './checkout-validation';
