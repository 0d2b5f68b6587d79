import type { ReactNode } from 'react';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from './mui-theme';

/**
 * MUI with the shop's theme, for the parts that still use it: the admin, checkout, the order page
 * and panels loaded on demand. The storefront's pages use plain elements and static CSS
 * (components/ui) so MUI's runtime never loads for a visitor who only browses.
 */
export function MuiScope({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
