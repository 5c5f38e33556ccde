// The names a plain resource takes from its URL name ('promo-codes'), on both sides.

/** 'promo-codes' → 'promo code'; 'categories' → 'category'. */
export const singularOf = (name: string) =>
  name.replace(/-/g, ' ').replace(/ies$/, 'y').replace(/s$/, '');

/** 'expiresAt' → 'expires_at': the column a field is stored in. */
export const snakeCase = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** 'expiresAt' → 'Expires at', 'promo code' → 'Promo code': a name as a message starts it. */
export const labelOf = (name: string) => {
  const words = snakeCase(name).replace(/[_-]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** `snakeCase` for the type checker: 'expiresAt' → 'expires_at'. */
export type SnakeCase<S extends string> = S extends `${infer Head}${infer Rest}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeCase<Rest>}`
  : S;
