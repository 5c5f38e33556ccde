// react-admin's pages that src/layout/rarelySeenPages.tsx loads only when one shows.
export { AuthCallback, AuthenticationError, Error } from 'react-admin';
