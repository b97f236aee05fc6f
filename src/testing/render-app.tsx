/** Render the whole app at an address, as a user would open it. */
import { render } from '@testing-library/react';
import { createMemoryHistory } from '@tanstack/react-router';
import userEvent from '@testing-library/user-event';
import { App } from '../app/App';
import { createQueryClient } from '../app/query-client';
import { createAppRouter } from '../app/router';

export function renderApp(url: string) {
  const queryClient = createQueryClient({ retry: false });
  const history = createMemoryHistory({ initialEntries: [url] });
  const router = createAppRouter({ queryClient, history });
  const user = userEvent.setup();
  const view = render(<App router={router} queryClient={queryClient} />);
  return { ...view, user, router, history, queryClient, pathname: () => router.state.location.pathname };
}
