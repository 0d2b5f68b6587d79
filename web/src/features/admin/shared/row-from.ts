/** Flex items in a row, centred, from the breakpoint up; stacked and stretched to full width below it. */
export function rowFrom(breakpoint: 'sm' | 'md') {
  return {
    display: 'flex',
    flexDirection: { xs: 'column', [breakpoint]: 'row' },
    alignItems: { xs: 'stretch', [breakpoint]: 'center' },
  } as const;
}
