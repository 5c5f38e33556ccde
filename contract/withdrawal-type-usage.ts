// No zod here: the console imports this at run time.

/** Why a type cannot be deleted: 'This type is used by 3 withdrawals.' */
export const typeUsedBy = (withdrawals: number) =>
  `This type is used by ${withdrawals} withdrawal${withdrawals === 1 ? '' : 's'}.`;

/** The 409 of deleting a type in use, and what the console's delete dialog says before it. */
export const typeInUse = (withdrawals: number) => `${typeUsedBy(withdrawals)} Disable it instead.`;
