export const LegalPage = () => null;
