import { http, HttpResponse } from 'msw';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getToasts } from '../../../../src/lib/toast';
import { makeEnvelope } from '../../../../src/testing/fixtures';
import { api } from '../../../../src/testing/handlers';
import { renderApp } from '../../../../src/testing/render-app';
import { server } from '../../../../src/testing/server';
import { seedSession } from '../../../../src/testing/session';

const ADMIN_RIGHTS = ['district.admin', 'sites.read'];
const FIELD = { _id: '44444444-4444-4444-8444-444444444444', email: 'field@demo.vigie.test', rights: ['sites.read'], disabled: false };
const FIRST_LOOK = { timeout: 8000 };

function serveUsers(createAnswer?: () => Response) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  let users = [FIELD];
  server.use(
    http.get(api('users'), () => HttpResponse.json(makeEnvelope(users, { rights: ADMIN_RIGHTS }))),
    http.post(api('users'), async ({ request }) => {
      const body = await request.json();
      calls.push({ method: 'POST', url: 'users', body });
      if (createAnswer) return createAnswer();
      const created = { _id: '55555555-5555-4555-8555-555555555555', disabled: false, ...(body as { email: string; rights: string[] }) };
      users = [...users, created];
      return HttpResponse.json(makeEnvelope(created, { rights: ADMIN_RIGHTS }), { status: 201 });
    }),
    http.put(api('users/:id/rights'), async ({ request, params }) => {
      const body = (await request.json()) as { rights: string[] };
      calls.push({ method: 'PUT', url: `users/${String(params.id)}/rights`, body });
      users = users.map((u) => (u._id === params.id ? { ...u, rights: body.rights } : u));
      return HttpResponse.json(makeEnvelope(users.find((u) => u._id === params.id), { rights: ADMIN_RIGHTS }));
    }),
    http.post(api('users/:id/disable'), ({ params }) => {
      calls.push({ method: 'POST', url: `users/${String(params.id)}/disable`, body: null });
      users = users.map((u) => (u._id === params.id ? { ...u, disabled: true } : u));
      return HttpResponse.json(makeEnvelope(users.find((u) => u._id === params.id), { rights: ADMIN_RIGHTS }));
    }),
  );
  return calls;
}

async function openPage() {
  seedSession({ rights: ADMIN_RIGHTS });
  const app = renderApp('/admin/userManagement');
  expect(await screen.findByText(FIELD.email, {}, FIRST_LOOK)).toBeInTheDocument();
  return app;
}

function fillNewUser(email: string, password: string) {
  fireEvent.input(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.input(screen.getByLabelText('Password (at least 8 characters)'), { target: { value: password } });
}

const createForm = () => screen.getByRole('form', { name: 'New user' });

describe('user management', { timeout: 30_000 }, () => {
  it('creates a user with a level per module among the admin own rights, the raw keys in the advanced view', async () => {
    const calls = serveUsers();
    const { user } = await openPage();
    fillNewUser('new@demo.vigie.test', 'long-enough-1');
    const form = createForm();
    // The admin's own rights are offered: Sites by its level (sites.read is its reading
    // right), district.admin among the rights of no module, each raw key in the advanced view.
    const sites = within(form).getByRole('group', { name: 'Sites' });
    expect(within(sites).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(['None', 'Read', 'Manage']);
    expect(within(sites).getByRole('radio', { name: 'None' })).toBeChecked();
    // Manage needs sites.admin, beyond this admin's reach.
    expect(within(sites).getByRole('radio', { name: 'Manage' })).toBeDisabled();
    const others = within(form).getByRole('group', { name: 'Other rights (no module)' });
    expect(within(others).getAllByRole('checkbox').map((box) => box.closest('label')?.textContent)).toEqual(['district.admin']);
    const advanced = form.querySelector('details')!;
    expect(advanced).toHaveTextContent('Advanced: every right by its key');
    expect([...advanced.querySelectorAll('label')].map((label) => label.textContent)).toEqual(['district.admin', 'sites.read']);
    await user.click(within(sites).getByRole('radio', { name: 'Read' }));
    expect([...advanced.querySelectorAll('input')].map((box) => box.checked)).toEqual([false, true]);
    await user.click(screen.getByText('Create'));
    expect(await screen.findByText('new@demo.vigie.test')).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'POST', url: 'users', body: { email: 'new@demo.vigie.test', password: 'long-enough-1', rights: ['sites.read'] } }]);
    expect(getToasts().map((toast) => toast.message)).toContain('The user has been created.');
  });

  it('refuses a bad e-mail and a short password before sending', async () => {
    const calls = serveUsers();
    const { user } = await openPage();
    fillNewUser('not-an-email', 'short');
    await user.click(screen.getByText('Create'));
    expect(await screen.findByText('Enter a valid email address, for example name@example.com.')).toBeInTheDocument();
    expect(screen.getByText('The password must contain at least 8 characters.')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('user_duplicated shows a persistent error toast', async () => {
    serveUsers(() => HttpResponse.json(makeEnvelope({ ...FIELD, email: 'elsewhere@demo.vigie.test' }, { message: 'user_duplicated', rights: ADMIN_RIGHTS })));
    const { user } = await openPage();
    fillNewUser('elsewhere@demo.vigie.test', 'long-enough-1');
    await user.click(screen.getByText('Create'));
    await waitFor(() => expect(getToasts()).toEqual([expect.objectContaining({ message: 'This user already exists.', kind: 'danger', persistent: true })]));
  });

  it('user.email_already_used shows the error once, as a toast (spec section 8), and no success', async () => {
    serveUsers(() => HttpResponse.json({ message: 'user.email_already_used' }, { status: 409 }));
    const { user } = await openPage();
    fillNewUser('field@demo.vigie.test', 'long-enough-1');
    await user.click(screen.getByText('Create'));
    await waitFor(() => expect(getToasts()).toEqual([expect.objectContaining({ message: 'This email address is already used.', kind: 'danger' })]));
    expect(within(createForm()).queryByText('This email address is already used.')).toBeNull();
  });

  it('another refusal of the creation is said below the form, without a toast', async () => {
    serveUsers(() => HttpResponse.json({ message: 'user.rights_not_grantable' }, { status: 403 }));
    const { user } = await openPage();
    fillNewUser('new@demo.vigie.test', 'long-enough-1');
    await user.click(screen.getByText('Create'));
    expect(await within(createForm()).findByRole('alert')).not.toHaveTextContent('');
    expect(getToasts()).toEqual([]);
  });

  it('edits the rights of a member and disables an account', async () => {
    const calls = serveUsers();
    const { user } = await openPage();
    await user.click(screen.getByText('Edit rights'));
    const editForm = screen.getAllByRole('group', { name: 'Rights' })[1]!;
    const districtAdmin = [...editForm.querySelectorAll('label')].find((label) => label.textContent === 'district.admin')!;
    await user.click(districtAdmin);
    await user.click(screen.getByText('Save'));
    await waitFor(() => expect(calls).toEqual([{ method: 'PUT', url: `users/${FIELD._id}/rights`, body: { rights: ['district.admin', 'sites.read'] } }]));

    await user.click(screen.getByText('Disable'));
    await user.click(screen.getByText('Disable the account'));
    expect(await screen.findByText('Disabled')).toBeInTheDocument();
    expect(calls.at(-1)).toEqual({ method: 'POST', url: `users/${FIELD._id}/disable`, body: null });
  });

  it("a member's rights beyond the admin's reach are shown ticked and locked, and sent as they are", async () => {
    const strong = { ...FIELD, rights: ['declarations.admin', 'sites.read'] };
    const calls: unknown[] = [];
    server.use(
      http.get(api('users'), () => HttpResponse.json(makeEnvelope([strong], { rights: ADMIN_RIGHTS }))),
      http.put(api('users/:id/rights'), async ({ request }) => {
        calls.push(await request.json());
        return HttpResponse.json(makeEnvelope(strong, { rights: ADMIN_RIGHTS }));
      }),
    );
    const { user } = await openPage();
    await user.click(screen.getByText('Edit rights'));
    const editForm = screen.getAllByRole('group', { name: 'Rights' })[1]!;
    const box = (right: string) => [...editForm.querySelectorAll('label')].find((label) => label.textContent === right)!.querySelector('input')!;
    expect(box('declarations.admin')).toBeChecked();
    expect(box('declarations.admin')).toBeDisabled();
    expect(box('sites.read')).toBeEnabled();
    expect(editForm).toHaveTextContent('Ticked and locked: rights you do not hold. They stay as they are.');
    await user.click(box('sites.read'));
    await user.click(screen.getByText('Save'));
    await waitFor(() => expect(calls).toEqual([{ rights: ['declarations.admin'] }]));
  });

  it('an operator row offers no action to an admin without the operator right', async () => {
    const operator = { ...FIELD, email: 'operator@demo.vigie.test', rights: ['opteamum.districts', 'sites.read'] };
    server.use(http.get(api('users'), () => HttpResponse.json(makeEnvelope([FIELD, operator], { rights: ADMIN_RIGHTS }))));
    await openPage();
    expect(await screen.findByText('Only an operator administrator can change or disable an operator.')).toBeInTheDocument();
    // The field user's row keeps its two actions; the operator's has none.
    expect(screen.getAllByText('Edit rights')).toHaveLength(1);
    expect(screen.getAllByText('Disable')).toHaveLength(1);
  });

  it('disabling a member of other districts says it was only removed from this one', async () => {
    let users = [FIELD];
    server.use(
      http.get(api('users'), () => HttpResponse.json(makeEnvelope(users, { rights: ADMIN_RIGHTS }))),
      http.post(api('users/:id/disable'), () => {
        users = [];
        return HttpResponse.json(makeEnvelope({ ...FIELD, outcome: 'removed' }, { message: 'user.removed_from_district', rights: ADMIN_RIGHTS }));
      }),
    );
    const { user } = await openPage();
    await user.click(screen.getByText('Disable'));
    expect(screen.getByText(/If the account also belongs to other districts, it is only removed from this one/)).toBeInTheDocument();
    await user.click(screen.getByText('Disable the account'));
    await waitFor(() => expect(screen.queryByText(FIELD.email)).not.toBeInTheDocument());
    expect(getToasts().map((toast) => toast.message)).toContain('The user was removed from this district. Their account stays active in their other districts.');
  });
});
