import { createTheme } from '@mui/material/styles';
import { palette } from '../lib/palette';

const serif = 'Georgia, "Times New Roman", Times, serif';
const sans = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: {
      main: palette.forest,
      dark: palette.forestDark,
      light: palette.forestLight,
      contrastText: '#ffffff',
    },
    secondary: {
      main: palette.sand,
      light: palette.sandLight,
      dark: palette.sandDark,
      contrastText: palette.ink,
    },
    error: { main: '#b3261e' },
    background: { default: palette.paper, paper: '#ffffff' },
    text: { primary: palette.ink, secondary: palette.inkSoft },
    divider: 'rgba(31, 38, 34, 0.12)',
  },
  shape: { borderRadius: 6 },
  typography: {
    fontFamily: sans,
    h1: {
      fontFamily: serif,
      fontWeight: 400,
      fontSize: 'clamp(2.25rem, 5vw + 1rem, 4.25rem)',
      lineHeight: 1.1,
    },
    h2: { fontFamily: serif, fontWeight: 400, fontSize: 'clamp(1.9rem, 3vw + 1rem, 3rem)', lineHeight: 1.15 },
    h3: {
      fontFamily: serif,
      fontWeight: 400,
      fontSize: 'clamp(1.5rem, 1.5vw + 1rem, 2.1rem)',
      lineHeight: 1.2,
    },
    h4: { fontFamily: serif, fontWeight: 400, fontSize: '1.5rem', lineHeight: 1.25 },
    h5: { fontFamily: serif, fontWeight: 400, fontSize: '1.25rem', lineHeight: 1.3 },
    h6: { fontFamily: serif, fontWeight: 400, fontSize: '1.1rem', lineHeight: 1.35 },
    subtitle1: { fontSize: '1.1rem', lineHeight: 1.6 },
    body1: { lineHeight: 1.7 },
    body2: { lineHeight: 1.6 },
    overline: { letterSpacing: '0.18em', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600, letterSpacing: '0.02em' },
  },
  components: {
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: {
        root: { borderRadius: 999, paddingInline: '1.4em' },
        sizeLarge: { paddingBlock: '0.7em' },
      },
    },
    MuiCard: {
      defaultProps: { elevation: 0 },
      styleOverrides: { root: { border: '1px solid rgba(31,38,34,0.08)' } },
    },
    MuiLink: { defaultProps: { underline: 'hover' } },
    // Subtitles are lead paragraphs, not headings (the default h6 breaks the heading order).
    MuiTypography: {
      defaultProps: {
        variantMapping: { subtitle1: 'p', subtitle2: 'p' },
      },
    },
    MuiTextField: { defaultProps: { fullWidth: true } },
    // Dialogs keep the same 24 px sides on a phone as on a desktop: MUI's actions row has 8 px,
    // so a full-screen dialog's buttons ('Mark as shipped') touched the screen's edge. Long
    // buttons wrap to a second row rather than running off it; the home indicator stays clear.
    MuiDialogTitle: { styleOverrides: { root: { paddingInline: 24 } } },
    MuiDialogContent: { styleOverrides: { root: { paddingInline: 24 } } },
    MuiDialogActions: {
      styleOverrides: {
        root: {
          flexWrap: 'wrap',
          rowGap: 8,
          paddingTop: 12,
          paddingInline: 24,
          paddingBottom: 'max(20px, env(safe-area-inset-bottom))',
        },
      },
    },
  },
});
