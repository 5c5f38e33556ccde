/** A form's inputs in two columns from the small breakpoint up, one column on a phone. */
export const formGridSx = {
  display: 'grid',
  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
  columnGap: 2,
  rowGap: 1,
} as const;
