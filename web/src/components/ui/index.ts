// The storefront's building blocks: plain elements and static CSS, no MUI runtime (the admin,
// checkout and order pages keep MUI inside MuiScope).
export { Button, ButtonLink, IconButton, buttonClass, type ButtonLook } from './button';
export { Alert, Skeleton, Spinner } from './feedback';
export { SelectField, TextField } from './text-field';
export { cx } from './class-names';
export * from './icons';
export { Sheet } from './sheet';
