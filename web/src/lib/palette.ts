/**
 * Forest green, warm sand and an off-white paper; text colours meet WCAG AA on every surface.
 * Plain data (no MUI) so the build (web app manifest, icons) reads the same colours.
 */
export const palette = {
  forest: '#2e4b3c',
  forestDark: '#1f3529',
  forestLight: '#4f6f5d',
  sand: '#d9c4a0',
  sandLight: '#efe4d0',
  sandDark: '#8a6d3f',
  paper: '#faf8f3',
  ink: '#1f2622',
  inkSoft: '#4d5750',
} as const;
