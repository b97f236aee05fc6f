/**
 * Rights are data (common/rights.ts) and one function decides: the menu, the route guards and
 * the buttons all ask `can()`, the same function the server's guards ask.
 */
export { can, type Action } from '../../common/rights';
