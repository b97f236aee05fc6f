/** The routing rules of the shell: module prefixes, right guards, the 404 toast, kept paths. */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getToasts } from '../../../src/lib/toast';
import { renderApp } from '../../../src/testing/render-app';
import { seedSession } from '../../../src/testing/session';

const LOAD = { timeout: 5000 };
const heading = (name: string) => screen.findByRole('heading', { name, level: 1 }, LOAD);

describe('the 404 rule', () => {
  it('an unknown address shows the 404 error toast with the error title, then the default page', async () => {
    seedSession();
    const app = renderApp('/no/such/page');
    expect(await heading('Dashboard')).toBeInTheDocument();
    expect(app.pathname()).toBe('/dashboard');
    expect(getToasts()).toEqual([
      expect.objectContaining({ header: 'Error', message: 'The page you asked for does not exist.', kind: 'danger', persistent: true }),
    ]);
  });

  it('without a session, the toast and the login page', async () => {
    const app = renderApp('/nowhere');
    expect(await screen.findByRole('heading', { name: 'Sign in' }, LOAD)).toBeInTheDocument();
    expect(app.pathname()).toBe('/login');
    expect(getToasts()[0]).toMatchObject({ message: 'The page you asked for does not exist.' });
  });

  it('a module address without a session is not a 404: the login page, no toast', async () => {
    const app = renderApp('/site/view/infoV2');
    expect(await screen.findByRole('heading', { name: 'Sign in' }, LOAD)).toBeInTheDocument();
    expect(app.pathname()).toBe('/login');
    expect(getToasts()).toEqual([]);
  });

  it('an unknown view below a known module prefix is a 404 too', async () => {
    seedSession({ rights: ['sites.read'] });
    const app = renderApp('/site/not-a-view');
    expect(await heading('Dashboard')).toBeInTheDocument();
    expect(app.pathname()).toBe('/dashboard');
    expect(getToasts()[0]).toMatchObject({ header: 'Error' });
  });
});

describe('module routes and their rights', () => {
  it('without the right: the requiredPermissions error toast (module names joined by slashes) and the dashboard', async () => {
    seedSession({ rights: ['sites.read'] });
    const app = renderApp('/import-export');
    expect(await heading('Dashboard')).toBeInTheDocument();
    expect(app.pathname()).toBe('/dashboard');
    expect(getToasts()).toEqual([
      expect.objectContaining({ message: 'You do not have the rights needed for this action. Export/Import', kind: 'danger', persistent: true }),
    ]);
  });

  it('a view with its own rights is guarded by them (actions without action plans)', async () => {
    seedSession({ rights: ['actions-plans-actions.read'] });
    const app = renderApp('/actionPlan/actionPlanView');
    expect(await heading('Dashboard')).toBeInTheDocument();
    expect(app.pathname()).toBe('/dashboard');
    expect(getToasts()[0]?.message).toBe('You do not have the rights needed for this action. Action plans');
  });

  it('/admin leads to the user management page of the admin entry, for a district admin', async () => {
    seedSession({ rights: ['district.admin'] });
    const app = renderApp('/admin');
    await waitFor(() => expect(app.pathname()).toBe('/admin/userManagement'), LOAD);
    expect(getToasts()).toEqual([]);
  });

  it('the admin pages need district.admin', async () => {
    seedSession({ rights: ['sites.read'] });
    const app = renderApp('/admin/userManagement');
    await waitFor(() => expect(app.pathname()).toBe('/dashboard'), LOAD);
    expect(getToasts()[0]?.message).toBe('You do not have the rights needed for this action. Administration');
  });
});

describe('other pages of the shell', () => {
  it('/notifications goes to the notifications view', async () => {
    seedSession();
    const app = renderApp('/notifications');
    expect(await heading('Notifications')).toBeInTheDocument();
    expect(app.pathname()).toBe('/notifications/notificationsView');
  });

  it('/me goes to the profile', async () => {
    seedSession();
    const app = renderApp('/me');
    expect(await heading('My profile')).toBeInTheDocument();
    expect(app.pathname()).toBe('/me/meInfos');
  });

  it('resetPassword and sso are kept paths without the shell', async () => {
    renderApp('/resetPassword');
    expect(await screen.findByRole('heading', { name: 'Forgot your password', level: 2 }, LOAD)).toBeInTheDocument();
    expect(screen.queryByTestId('toolbar-product')).not.toBeInTheDocument();
  });
});
