export const IntegrationsPage = () => null;
