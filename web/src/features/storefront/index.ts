export { TAGLINE } from './constants';
