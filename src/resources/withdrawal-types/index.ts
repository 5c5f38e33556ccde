export const WithdrawalTypesPage = () => null;
