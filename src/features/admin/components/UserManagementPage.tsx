/**
 * /admin/userManagement: the members of the session's district. Create an account (e-mail,
 * password set by the admin, rights: a level per module, the raw keys in an advanced view),
 * edit a member's rights, disable an account. The rights
 * offered are those within the admin's reach (its own; every right for the holder of the
 * operator right): the server refuses any other (user.rights_not_grantable), and a member's
 * rights beyond that reach are shown ticked and locked (they stay as they are). An operator's
 * row offers no action to an admin without the operator right (user.operator_protected).
 * Disabling says what happened (the envelope's message: account disabled, or removed from
 * this district only). A refused creation says so once: a duplicate e-mail as the catalogue's
 * error toast (spec section 8), any other refusal below the form; an account of elsewhere added
 * to the district shows user_duplicated as a persistent error toast (spec section 8).
 */
import { IonBadge, IonButton, IonInput, IonItem, IonList, IonSpinner } from '@ionic/react';
import { Label } from '../../../components/Label';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH } from '../../../../common/constants';
import { isOperator, OPERATOR_RIGHT, reachOf } from '../../../../common/rights';
import { ApiError } from '../../../lib/api-client';
import { useEnvelope } from '../../../lib/envelope-store';
import { EMAIL_ALREADY_USED } from '../../../lib/error-catalogue';
import { describeApiError } from '../../../lib/error-messages';
import { showToast } from '../../../lib/toast';
import { useCreateUserMutation } from '../api/create-user';
import { useDisableUserMutation } from '../api/disable-user';
import { usersQueryOptions, type UserEntry } from '../api/get-users';
import { useUpdateUserRightsMutation } from '../api/update-user-rights';
import { levelOf, levelsOf, MODULE_RIGHTS, otherRights, withLevel, type ModuleRights } from '../rights-groups';
import { validateNewUser, type NewUserProblems } from '../validation';
import './admin.css';
import { requireNetwork } from '../../../lib/connectivity';

export function UserManagementPage() {
  const { t } = useTranslation();
  const users = useQuery(usersQueryOptions());
  const [editing, setEditing] = useState<string | null>(null);

  return (
    <div className="admin-page ion-padding">
      <h1>{t('administration.users_title')}</h1>
      <CreateUserForm />
      <section aria-labelledby="admin-users-list">
        <h2 id="admin-users-list">{t('administration.users_list')}</h2>
        {users.isPending && <IonSpinner name="crescent" aria-label={t('administration.loading')} />}
        {users.isError && <p role="alert" className="admin-error">{describeApiError(users.error)}</p>}
        {users.isSuccess && (
          <IonList>
            {users.data.map((user) => (
              <UserRow key={user._id} user={user} editing={editing === user._id} onEdit={(on) => setEditing(on ? user._id : null)} />
            ))}
          </IonList>
        )}
      </section>
    </div>
  );
}

/**
 * The rights of a member as data: per module a level (none / read / manage) that writes the
 * module's rights of that level, then the rights of no module one by one, and every raw key
 * in the advanced view. Only the rights within the admin's reach change: a choice that would
 * change another is not offered, and the member's rights beyond the reach are shown locked.
 */
function RightsChoice({ selected, held = [], onChange }: { selected: readonly string[]; held?: readonly string[]; onChange: (rights: string[]) => void }) {
  const { t, i18n } = useTranslation();
  const own = useEnvelope((state) => state.rights);
  const reach = reachOf(own);
  // The rights within the admin's reach, plus those the member holds beyond it (locked).
  const offered = [...new Set([...reach, ...held])].sort();
  const shown = new Set(offered);
  const locked = held.some((right) => !reach.has(right));
  const modules = MODULE_RIGHTS.filter((module) => [...module.read, ...module.manage].some((right) => shown.has(right))).sort((a, b) =>
    t(a.labelKey).localeCompare(t(b.labelKey), i18n.language),
  );
  const others = otherRights(held).filter((right) => shown.has(right));
  const toggle = (right: string, on: boolean) => onChange(on ? [...selected, right].sort() : selected.filter((r) => r !== right));
  const box = (right: string, label: string) => (
    <label key={right}>
      <input type="checkbox" checked={selected.includes(right)} disabled={!reach.has(right)} onChange={(event) => toggle(right, event.target.checked)} />
      {label}
    </label>
  );
  return (
    <fieldset className="admin-rights">
      <legend>{t('administration.rights')}</legend>
      <div className="admin-rights-modules">
        {modules.map((module) => (
          <ModuleLevel key={module.id} module={module} selected={selected} reach={reach} onChange={onChange} />
        ))}
      </div>
      {others.length > 0 && (
        <fieldset className="admin-rights-others">
          <legend>{t('administration.rights_others')}</legend>
          {others.map((right) => box(right, right))}
        </fieldset>
      )}
      <details className="admin-rights-advanced">
        <summary>{t('administration.rights_advanced')}</summary>
        <div className="admin-rights-keys">{offered.map((right) => box(right, right))}</div>
      </details>
      {locked && <p className="admin-note">{t('administration.rights_beyond_reach')}</p>}
    </fieldset>
  );
}

/** One module's level, as radio buttons named by the module; none checked when the rights match no level. */
function ModuleLevel({ module, selected, reach, onChange }: { module: ModuleRights; selected: readonly string[]; reach: ReadonlySet<string>; onChange: (rights: string[]) => void }) {
  const { t } = useTranslation();
  const name = useId();
  const current = levelOf(module, selected);
  // A level is offered when choosing it changes only rights within the admin's reach.
  const reachable = (next: readonly string[]) => {
    const before = new Set(selected);
    const after = new Set(next);
    return [...before, ...after].every((right) => before.has(right) === after.has(right) || reach.has(right));
  };
  return (
    <fieldset className="admin-rights-module">
      <legend>{t(module.labelKey)}</legend>
      {levelsOf(module).map((level) => {
        const next = withLevel(module, selected, level);
        return (
          <label key={level}>
            <input type="radio" name={name} value={level} checked={current === level} disabled={current !== level && !reachable(next)} onChange={() => onChange(next)} />
            {t(`administration.level_${level}`)}
          </label>
        );
      })}
      {current === null && <span className="admin-note">{t('administration.level_custom')}</span>}
    </fieldset>
  );
}

const isEmailAlreadyUsed = (error: unknown): boolean => error instanceof ApiError && error.body.message === EMAIL_ALREADY_USED;

function CreateUserForm() {
  const { t } = useTranslation();
  const create = useCreateUserMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rights, setRights] = useState<string[]>([]);
  const [problems, setProblems] = useState<NewUserProblems>({});
  const titleId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateNewUser(email, password);
    setProblems(found);
    if (found.email !== undefined || found.password !== undefined || !requireNetwork()) return;
    create.mutate(
      { email: email.trim(), password, rights },
      {
        onSuccess: () => {
          setEmail('');
          setPassword('');
          setRights([]);
        },
        onError: (error) => {
          // Spec section 8: user.email_already_used is an error toast (and only that).
          if (isEmailAlreadyUsed(error)) showToast({ message: describeApiError(error), kind: 'danger', persistent: true });
        },
      },
    );
  };

  return (
    <form className="admin-form" onSubmit={submit} noValidate aria-labelledby={titleId}>
      <h2 id={titleId}>{t('administration.create_user')}</h2>
      <IonInput label={t('login.email')} labelPlacement="stacked" fill="outline" type="email" value={email} onIonInput={(event) => setEmail(String(event.detail.value ?? ''))} />
      {problems.email !== undefined && <p role="alert" className="admin-error">{t(problems.email)}</p>}
      <IonInput
        label={t('administration.password')}
        labelPlacement="stacked" fill="outline"
        type="password"
        value={password}
        onIonInput={(event) => setPassword(String(event.detail.value ?? ''))}
      />
      {problems.password !== undefined && <p role="alert" className="admin-error">{t(problems.password, { min: PASSWORD_MIN_LENGTH })}</p>}
      <RightsChoice selected={rights} onChange={setRights} />
      {create.isError && !isEmailAlreadyUsed(create.error) && <p role="alert" className="admin-error">{describeApiError(create.error)}</p>}
      <IonButton type="submit" disabled={create.isPending}>
        {t('administration.create')}
      </IonButton>
    </form>
  );
}

function UserRow({ user, editing, onEdit }: { user: UserEntry; editing: boolean; onEdit: (on: boolean) => void }) {
  const { t } = useTranslation();
  const update = useUpdateUserRightsMutation();
  const disable = useDisableUserMutation();
  const [rights, setRights] = useState<string[]>(user.rights);
  const [confirmingDisable, setConfirmingDisable] = useState(false);
  // Only the holder of the operator right acts on an operator (the server says so too).
  const own = useEnvelope((state) => state.rights);
  const protectedOperator = isOperator(user.rights) && !own.includes(OPERATOR_RIGHT);

  return (
    <IonItem className={user.disabled ? 'admin-user-disabled' : undefined}>
      <div className="admin-inline-form">
        <Label>
          <h3>{user.email}</h3>
          <p>{t('administration.rights_count', { count: user.rights.length })}</p>
        </Label>
        {user.disabled && <IonBadge color="medium">{t('administration.disabled')}</IonBadge>}
        {protectedOperator && <p className="admin-note">{t('user.operator_protected')}</p>}
        {!editing && !protectedOperator && (
          <IonButton size="small" fill="clear" onClick={() => { setRights(user.rights); onEdit(true); }}>
            {t('administration.edit_rights')}
          </IonButton>
        )}
        {!user.disabled && !confirmingDisable && !protectedOperator && (
          <IonButton size="small" fill="clear" color="danger" onClick={() => setConfirmingDisable(true)}>
            {t('administration.disable')}
          </IonButton>
        )}
        {confirmingDisable && (
          <>
            <span>{t('administration.disable_confirm', { email: user.email })}</span>
            <IonButton size="small" color="danger" disabled={disable.isPending} onClick={() => requireNetwork() && disable.mutate(user._id, { onSuccess: () => setConfirmingDisable(false) })}>
              {t('administration.disable_yes')}
            </IonButton>
            <IonButton size="small" fill="clear" onClick={() => setConfirmingDisable(false)}>
              {t('administration.cancel')}
            </IonButton>
          </>
        )}
        {disable.isError && <p role="alert" className="admin-error">{describeApiError(disable.error)}</p>}
        {editing && (
          <form
            className="admin-form"
            onSubmit={(event) => {
              event.preventDefault();
              if (!requireNetwork()) return;
              update.mutate({ id: user._id, rights }, { onSuccess: () => onEdit(false) });
            }}
          >
            <RightsChoice selected={rights} held={user.rights} onChange={setRights} />
            {update.isError && <p role="alert" className="admin-error">{describeApiError(update.error)}</p>}
            <div>
              <IonButton type="submit" size="small" disabled={update.isPending}>
                {t('administration.save')}
              </IonButton>
              <IonButton size="small" fill="clear" onClick={() => onEdit(false)}>
                {t('administration.cancel')}
              </IonButton>
            </div>
          </form>
        )}
      </div>
    </IonItem>
  );
}
