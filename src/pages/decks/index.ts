export const DecksPage = () => null;
