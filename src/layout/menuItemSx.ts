/** The look of one menu row: the sidebar's links and groups, and the menu search's matches. */
export const itemSx = (collapsed: boolean, nested: boolean) => ({
  minHeight: 44,
  borderRadius: 1,
  mx: 1,
  px: collapsed ? 1.5 : 2,
  pl: nested && !collapsed ? 4 : undefined,
  justifyContent: collapsed ? 'center' : 'flex-start',
});

export const iconSx = (collapsed: boolean) => ({
  minWidth: collapsed ? 0 : 40,
  justifyContent: 'center',
});
