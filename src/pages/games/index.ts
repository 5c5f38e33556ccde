export const GamesPage = () => null;
