// No zod here: the console imports this at run time.

/**
 * Why a type cannot be deleted: 'This type is used by 3 withdrawals.'; `orMore` when the count is
 * a lower bound (a list's total past 10,000): 'This type is used by 10,000+ withdrawals.'
 */
export const typeUsedBy = (withdrawals: number, orMore = false) =>
  orMore
    ? `This type is used by ${withdrawals.toLocaleString('en-US')}+ withdrawals.`
    : `This type is used by ${withdrawals} withdrawal${withdrawals === 1 ? '' : 's'}.`;

/** The 409 of deleting a type in use, and what the console's delete dialog says before it. */
export const typeInUse = (withdrawals: number, orMore = false) =>
  `${typeUsedBy(withdrawals, orMore)} Disable it instead.`;
