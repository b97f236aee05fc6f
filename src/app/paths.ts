/** Addresses and route ids shared by the router (router.tsx) and the app's watchers. */
export const LOGIN_PATH = '/login';
/** The pathless layout of the authenticated pages: every match under it carries this id. */
export const AUTHENTICATED_ROUTE_ID = '/_authenticated';
