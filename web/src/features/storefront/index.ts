export { TAGLINE } from './constants';
export { NewsletterSignupIsland } from './newsletter-signup';
