export const NotificationsPage = () => null;
