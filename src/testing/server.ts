/** The msw server of the unit tests; tests/unit/setup.ts starts it, failing on unhandled requests. */
import { setupServer } from 'msw/node';
import { handlers } from './handlers';

export const server = setupServer(...handlers);
