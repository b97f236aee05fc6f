/**
 * The share links' screens (routes.tsx): the district's links, a link's sheet with its access
 * log, and the form that shares a site's items with one person outside the product. Every
 * write goes through the outbox (../api.ts): shown at once as waiting, sent once.
 */
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useEffect, useId, useMemo, useState, useSyncExternalStore, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isEmail } from '../../../../../common/schemas/email';
import { LINK_DEFAULT_DAYS, LINK_MAX_DAYS, LINK_MESSAGE_MAX, LINK_NAME_MAX, parseItemsParam, type AccessEntry, type Link, type LinkState, type ShareItem } from '../../../../../common/modules/thirdParty/links';
import { downloadList } from '../../../../components/module/RecordPages';
import { ModulePage } from '../../../../components/module/ModulePage';
import { SiteSelect } from '../../../../components/module/SiteSelect';
import { StatusChip, type StatusTone } from '../../../../components/module/StatusChip';
import { WaitingMark } from '../../../../components/WaitingMark';
import { useLinkNavigation } from '../../../../hooks/use-link-navigation';
import { formatDate, formatDateTime } from '../../../../lib/dates';
import { describeApiError } from '../../../../lib/error-messages';
import { useOnDelivered, usePendingWrites, type OutboxItem } from '../../../../lib/outbox';
import { showToast } from '../../../../lib/toast';
import {
  choicesQueryOptions,
  createLink,
  CREATE_WRITE,
  extendLink,
  EXTEND_WRITE,
  linkHref,
  linkQueryOptions,
  linksQueryOptions,
  LINKS_BASE,
  LINKS_MODULE,
  linkUrl,
  onLinkUrls,
  revokeLink,
  REVOKE_WRITE,
  siteChoicesQueryOptions,
  type CreateSummary,
} from '../api';
import './links.css';

const STATE_TONES: Record<LinkState, StatusTone> = { active: 'success', expired: 'neutral', revoked: 'danger' };
const DAY_MS = 86_400_000;
/** The device's clock (read in a function: a render reads it as any other input). */
const nowMs = (): number => Date.now();
/** A link expiring within this many days is flagged on the list. */
const SOON_DAYS = 3;

const dayInput = (date: Date): string => date.toISOString().slice(0, 10);
/** The end of a chosen day, in the device's time zone. */
const endOfDay = (day: string): string => new Date(`${day}T23:59:00`).toISOString();

function StateChip({ link }: { link: Pick<Link, 'state' | 'expiresAt'> }) {
  const { t } = useTranslation('third-party');
  const soon = link.state === 'active' && Date.parse(link.expiresAt) - nowMs() < SOON_DAYS * DAY_MS;
  return <StatusChip label={soon ? t('links.state.expiring') : t(`links.state.${link.state}`)} tone={soon ? 'warning' : STATE_TONES[link.state]} />;
}

function useLinkUrl(id: string): string | null {
  return useSyncExternalStore(onLinkUrls, () => linkUrl(id));
}

// ---------------------------------------------------------------- list

export function LinksListPage() {
  const { t, i18n } = useTranslation('third-party');
  const follow = useLinkNavigation();
  const [state, setState] = useState<LinkState | ''>('');
  const links = useQuery(linksQueryOptions(state ? { state } : {}));
  const pending = usePendingWrites(LINKS_MODULE);
  useOnDelivered(LINKS_MODULE, () => void links.refetch());
  const waiting = pending.filter((item) => item.kind === CREATE_WRITE && !(links.data ?? []).some((l) => l.id === item.recordId));
  const stateId = useId();
  const newHref = `${LINKS_BASE}/new`;

  return (
    <ModulePage
      title={t('links.title')}
      actions={
        <>
          <a className="third-party-links-button" href={newHref} onClick={follow(newHref)}>
            {t('links.new')}
          </a>
          <button type="button" className="third-party-links-button third-party-links-secondary" onClick={() => downloadList('third-party/links/export.csv', { state: state || undefined }, `${t('links.csv_name')}.csv`)}>
            {t('links.export')}
          </button>
        </>
      }
    >
      <div className="third-party-links-page">
        <p className="third-party-links-intro">{t('links.intro')}</p>
        <label className="third-party-links-field third-party-links-filter" htmlFor={stateId}>
          <span>{t('links.filter_state')}</span>
          <select id={stateId} value={state} onChange={(event) => setState(event.target.value as LinkState | '')}>
            <option value="">{t('links.state.all')}</option>
            {(['active', 'expired', 'revoked'] as const).map((s) => (
              <option key={s} value={s}>
                {t(`links.state.${s}`)}
              </option>
            ))}
          </select>
        </label>
        {links.isPending && <p role="status">{t('links.loading')}</p>}
        {links.isError && links.data === undefined && <p role="alert">{describeApiError(links.error)}</p>}
        <ul className="third-party-links-list" aria-label={t('links.title')}>
          {waiting.map((item) => (
            <WaitingRow key={item.key} item={item} />
          ))}
          {(links.data ?? []).map((link) => (
            <li key={link.id} className="third-party-links-row">
              <a href={linkHref(link.id)} onClick={follow(linkHref(link.id))} className="third-party-links-row-link">
                <strong>{link.recipientName}</strong> <span className="third-party-links-muted">{link.recipientEmail}</span>
                <span className="third-party-links-muted">
                  {link.siteName} · {link.items.map((item) => item.title ?? t(`links.kind.${item.kind}`, { defaultValue: item.kind })).join(', ')}
                </span>
                <span className="third-party-links-muted">
                  {t('links.expires', { date: formatDate(link.expiresAt, i18n.language) })} ·{' '}
                  {link.lastAccessAt === null ? t('links.never_opened') : t('links.last_access', { date: formatDateTime(link.lastAccessAt, i18n.language), count: link.accessCount })}
                </span>
              </a>
              <span className="third-party-links-row-state">
                <StateChip link={link} />
                {pending.some((p) => p.recordId === link.id) && <WaitingMark />}
              </span>
            </li>
          ))}
        </ul>
        {links.data !== undefined && links.data.length === 0 && waiting.length === 0 && <p>{t('links.none')}</p>}
      </div>
    </ModulePage>
  );
}

function WaitingRow({ item }: { item: OutboxItem }) {
  const { t, i18n } = useTranslation('third-party');
  const follow = useLinkNavigation();
  const summary = (item.summary ?? {}) as Partial<CreateSummary>;
  return (
    <li className="third-party-links-row">
      <a href={linkHref(item.recordId)} onClick={follow(linkHref(item.recordId))} className="third-party-links-row-link">
        <strong>{summary.recipientName}</strong> <span className="third-party-links-muted">{summary.recipientEmail}</span>
        <span className="third-party-links-muted">
          {summary.siteName} · {summary.expiresAt ? t('links.expires', { date: formatDate(summary.expiresAt, i18n.language) }) : ''}
        </span>
      </a>
      <span className="third-party-links-row-state">
        <WaitingMark variant={item.state === 'failed' ? 'failed' : 'waiting'} />
      </span>
    </li>
  );
}

// ---------------------------------------------------------------- sheet

export function LinkSheetPage() {
  const { linkId } = useParams({ strict: false }) as unknown as { linkId: string };
  const { t, i18n } = useTranslation('third-party');
  const navigate = useNavigate();
  const pending = usePendingWrites(LINKS_MODULE, linkId);
  const creation = pending.find((item) => item.kind === CREATE_WRITE);
  const link = useQuery({ ...linkQueryOptions(linkId), enabled: creation === undefined });
  useOnDelivered(LINKS_MODULE, () => void link.refetch());
  const url = useLinkUrl(linkId);
  const [confirming, setConfirming] = useState(false);
  const [extendTo, setExtendTo] = useState('');
  const extendId = useId();
  const back = () => void navigate({ to: LINKS_BASE });

  if (creation !== undefined) {
    const summary = (creation.summary ?? {}) as Partial<CreateSummary>;
    return (
      <ModulePage title={summary.recipientName ?? t('links.title')} onBack={back}>
        <div className="third-party-links-page">
          <p role="status" className="third-party-links-waiting">
            <WaitingMark variant={creation.state === 'failed' ? 'failed' : 'waiting'} /> {creation.state === 'failed' ? t('links.create_failed', { error: creation.lastError ?? '' }) : t('links.create_waiting')}
          </p>
          <p>
            {summary.recipientEmail} · {summary.siteName}
          </p>
        </div>
      </ModulePage>
    );
  }

  const data = link.data;
  const revoking = pending.some((p) => p.kind === REVOKE_WRITE);
  const extending = pending.find((p) => p.kind === EXTEND_WRITE);
  const maxDay = dayInput(new Date(nowMs() + LINK_MAX_DAYS * DAY_MS));
  const minDay = dayInput(new Date(nowMs() + DAY_MS));

  return (
    <ModulePage title={data?.recipientName ?? t('links.title')} onBack={back}>
      <div className="third-party-links-page">
        {link.isPending && <p role="status">{t('links.loading')}</p>}
        {link.isError && <p role="alert">{describeApiError(link.error)}</p>}
        {data !== undefined && (
          <>
            <div className="third-party-links-head">
              <StateChip link={data} />
              {(revoking || extending !== undefined) && <WaitingMark />}
            </div>
            {url !== null && data.state === 'active' && !revoking && <ShareBox url={url} recipient={data.recipientName} site={data.siteName} />}
            {url === null && data.state === 'active' && <p className="third-party-links-muted">{t('links.url_elsewhere')}</p>}
            <dl className="third-party-links-facts">
              <dt>{t('links.recipient')}</dt>
              <dd>
                {data.recipientName} ({data.recipientEmail})
              </dd>
              <dt>{t('links.site')}</dt>
              <dd>{data.siteName}</dd>
              <dt>{t('links.expiry')}</dt>
              <dd>{formatDateTime(extending ? String((extending.summary as { expiresAt?: string } | null)?.expiresAt ?? data.expiresAt) : data.expiresAt, i18n.language)}</dd>
              <dt>{t('links.code')}</dt>
              <dd>{data.otp ? t('links.code_yes') : t('links.code_no')}</dd>
              <dt>{t('links.created')}</dt>
              <dd>{t('links.created_by', { date: formatDateTime(data.createdAt, i18n.language), name: data.createdBy.name })}</dd>
              {data.revokedAt !== null && (
                <>
                  <dt>{t('links.revoked')}</dt>
                  <dd>{t('links.created_by', { date: formatDateTime(data.revokedAt, i18n.language), name: data.revokedBy?.name ?? '' })}</dd>
                </>
              )}
              {data.message !== '' && (
                <>
                  <dt>{t('links.message')}</dt>
                  <dd className="third-party-links-message">{data.message}</dd>
                </>
              )}
            </dl>
            <section aria-labelledby={`${extendId}-items`}>
              <h2 id={`${extendId}-items`}>{t('links.items')}</h2>
              <ul>
                {data.items.map((item) => (
                  <li key={`${item.kind}:${item.id}`}>
                    {t(`links.kind.${item.kind}`, { defaultValue: item.kind })} — {item.title ?? t('links.item_gone')}
                  </li>
                ))}
              </ul>
            </section>
            {data.state !== 'revoked' && !revoking && (
              <section className="third-party-links-actions" aria-label={t('links.manage')}>
                <form
                  className="third-party-links-inline"
                  onSubmit={(event) => {
                    event.preventDefault();
                    if (!extendTo) return;
                    void extendLink(data.id, endOfDay(extendTo)).then(() => showToast({ message: t('links.extend_queued'), kind: 'success' }));
                    setExtendTo('');
                  }}
                >
                  <label className="third-party-links-field" htmlFor={extendId}>
                    <span>{t('links.extend_to')}</span>
                    <input id={extendId} type="date" min={minDay} max={maxDay} value={extendTo} onChange={(event) => setExtendTo(event.target.value)} />
                  </label>
                  <button type="submit" className="third-party-links-button third-party-links-secondary" disabled={!extendTo}>
                    {t('links.extend')}
                  </button>
                </form>
                {confirming ? (
                  <div className="third-party-links-inline" role="group" aria-label={t('links.revoke_confirm')}>
                    <p>{t('links.revoke_confirm')}</p>
                    <button
                      type="button"
                      className="third-party-links-button third-party-links-danger"
                      onClick={() => {
                        setConfirming(false);
                        void revokeLink(data.id).then(() => showToast({ message: t('links.revoke_queued'), kind: 'success' }));
                      }}
                    >
                      {t('links.revoke_yes')}
                    </button>
                    <button type="button" className="third-party-links-button third-party-links-secondary" onClick={() => setConfirming(false)}>
                      {t('links.cancel')}
                    </button>
                  </div>
                ) : (
                  <button type="button" className="third-party-links-button third-party-links-danger" onClick={() => setConfirming(true)}>
                    {t('links.revoke')}
                  </button>
                )}
              </section>
            )}
            <AccessLog entries={data.access} />
          </>
        )}
      </div>
    </ModulePage>
  );
}

function ShareBox({ url, recipient, site }: { url: string; recipient: string; site: string }) {
  const { t } = useTranslation('third-party');
  const [qr, setQr] = useState<string | null>(null);
  const urlId = useId();
  const copy = () =>
    void navigator.clipboard
      .writeText(url)
      .then(() => showToast({ message: t('links.copied'), kind: 'success' }))
      .catch(() => showToast({ message: t('links.copy_failed'), kind: 'warning' }));
  const canShare = typeof navigator.share === 'function';
  return (
    <div className="third-party-links-share">
      <label htmlFor={`${urlId}-input`} className="third-party-links-field">
        <span>{t('links.url')}</span>
        <input id={`${urlId}-input`} readOnly value={url} onFocus={(event) => event.target.select()} />
      </label>
      <div className="third-party-links-inline">
        <button type="button" className="third-party-links-button" onClick={copy}>
          {t('links.copy')}
        </button>
        {canShare && (
          <button type="button" className="third-party-links-button third-party-links-secondary" onClick={() => void navigator.share({ title: t('links.share_title', { site }), text: t('links.share_text', { name: recipient, site }), url }).catch(() => undefined)}>
            {t('links.share')}
          </button>
        )}
        <button
          type="button"
          className="third-party-links-button third-party-links-secondary"
          aria-expanded={qr !== null}
          onClick={() => {
            if (qr !== null) return setQr(null);
            void import('qrcode').then((m) => m.toDataURL(url, { margin: 1, width: 240 })).then(setQr);
          }}
        >
          {t('links.qr')}
        </button>
      </div>
      {qr !== null && <img className="third-party-links-qr" src={qr} width={240} height={240} alt={t('links.qr_alt', { name: recipient })} />}
    </div>
  );
}

function AccessLog({ entries }: { entries: AccessEntry[] }) {
  const { t, i18n } = useTranslation('third-party');
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{t('links.access_log')}</h2>
      {entries.length === 0 ? (
        <p>{t('links.access_none')}</p>
      ) : (
        <ul className="third-party-links-log">
          {entries.map((entry, index) => (
            <li key={`${entry.at}-${index}`}>
              <strong>{formatDateTime(entry.at, i18n.language)}</strong> —{' '}
              {entry.fileName !== null ? t('links.action_file', { action: t(`links.action.${entry.action}`), file: entry.fileName }) : t(`links.action.${entry.action}`)}
              {entry.itemKind !== null && entry.fileName === null && <> ({t(`links.kind.${entry.itemKind}`, { defaultValue: entry.itemKind })})</>}
              <span className="third-party-links-muted">
                {entry.address} · {entry.userAgent || t('links.unknown_browser')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

// ---------------------------------------------------------------- new

export function NewLinkPage() {
  const { t, i18n } = useTranslation('third-party');
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as unknown as { siteId?: string; items?: string; email?: string };
  const [siteId, setSiteId] = useState<string | null>(search.siteId ?? null);
  const asked = useMemo(() => parseItemsParam(search.items), [search.items]);
  const choices = useQuery({ ...choicesQueryOptions(siteId ?? '', asked.map((i) => `${i.kind}:${i.id}`).join(',')), enabled: siteId !== null });
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [name, setName] = useState('');
  const [email, setEmail] = useState(search.email ?? '');
  const [message, setMessage] = useState('');
  const [day, setDay] = useState(dayInput(new Date(nowMs() + LINK_DEFAULT_DAYS * DAY_MS)));
  const [otp, setOtp] = useState(false);
  const [language, setLanguage] = useState<'fr' | 'en'>(i18n.language.startsWith('en') ? 'en' : 'fr');
  const [tried, setTried] = useState(false);
  const ids = useId();

  // The asked items (still there) are chosen; else the site's general information.
  useEffect(() => {
    if (!choices.data) return;
    const found = choices.data.items.filter((i) => i.title !== null).map((i) => `${i.kind}:${i.id}`);
    setChosen(new Set(found.length > 0 ? found : siteId !== null && choices.data.siteKinds.includes('site') ? [`site:${siteId}`] : []));
  }, [choices.data, siteId]);

  const offered: { key: string; item: ShareItem; label: string; title: string | null }[] = useMemo(() => {
    if (!choices.data || siteId === null) return [];
    const own = choices.data.siteKinds.map((kind) => ({ key: `${kind}:${siteId}`, item: { kind, id: siteId }, label: t(`links.kind.${kind}`, { defaultValue: kind }), title: choices.data.siteName }));
    const others = choices.data.items
      .filter((i) => !own.some((o) => o.key === `${i.kind}:${i.id}`))
      .map((i) => ({ key: `${i.kind}:${i.id}`, item: { kind: i.kind, id: i.id }, label: t(`links.kind.${i.kind}`, { defaultValue: i.kind }), title: i.title }));
    return [...others, ...own];
  }, [choices.data, siteId, t]);

  const problems = {
    site: siteId === null ? t('links.form.site_required') : null,
    items: chosen.size === 0 ? t('links.form.items_required') : null,
    name: name.trim() === '' ? t('links.form.name_required') : null,
    email: !isEmail(email.trim()) ? t('links.form.email_invalid') : null,
    day: !day || Date.parse(endOfDay(day)) <= nowMs() || Date.parse(endOfDay(day)) > nowMs() + LINK_MAX_DAYS * DAY_MS ? t('links.form.expiry_invalid', { days: LINK_MAX_DAYS }) : null,
  };
  const invalid = Object.values(problems).some((p) => p !== null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (invalid || siteId === null || !choices.data) return;
    const id = crypto.randomUUID();
    const items = offered.filter((o) => chosen.has(o.key)).map((o) => o.item);
    const expiresAt = endOfDay(day);
    void createLink(
      { id, siteId, recipientName: name.trim(), recipientEmail: email.trim(), ...(message.trim() ? { message: message.trim() } : {}), items, expiresAt, otp, language },
      { recipientName: name.trim(), recipientEmail: email.trim(), siteName: choices.data.siteName, expiresAt, items: items.length },
    )
      .then(() => {
        showToast({ message: navigator.onLine ? t('links.created_toast') : t('links.created_offline'), kind: 'success' });
        return navigate({ to: linkHref(id) });
      })
      .catch((error: unknown) => showToast({ message: describeApiError(error), kind: 'danger' }));
  };

  const error = (key: keyof typeof problems) =>
    tried && problems[key] !== null ? (
      <span className="third-party-links-error" id={`${ids}-${key}-error`}>
        {problems[key]}
      </span>
    ) : null;
  const describedBy = (key: keyof typeof problems) => (tried && problems[key] !== null ? `${ids}-${key}-error` : undefined);

  return (
    <ModulePage title={t('links.new_title')} onBack={() => void navigate({ to: LINKS_BASE })}>
      <form className="third-party-links-page third-party-links-form" onSubmit={submit} noValidate>
        <div className="third-party-links-field">
          <SiteSelect label={t('links.form.site')} value={siteId} noneLabel={t('links.form.site_none')} onChange={setSiteId} choices={siteChoicesQueryOptions} chosenName={choices.data?.siteName ?? null} describedBy={describedBy('site')} />
          {error('site')}
        </div>
        {choices.isError && <p role="alert">{describeApiError(choices.error)}</p>}
        {siteId !== null && (
          <fieldset className="third-party-links-fieldset" aria-describedby={describedBy('items')}>
            <legend>{t('links.form.items')}</legend>
            {choices.isPending && <p role="status">{t('links.loading')}</p>}
            {offered.map((o) => (
              <label key={o.key} className="third-party-links-check">
                <input
                  type="checkbox"
                  checked={chosen.has(o.key)}
                  disabled={o.title === null}
                  onChange={(event) => {
                    const next = new Set(chosen);
                    if (event.target.checked) next.add(o.key);
                    else next.delete(o.key);
                    setChosen(next);
                  }}
                />
                <span>
                  {o.label}
                  {o.title !== null ? <span className="third-party-links-muted"> — {o.title}</span> : <span className="third-party-links-muted"> — {t('links.item_gone')}</span>}
                </span>
              </label>
            ))}
            {error('items')}
          </fieldset>
        )}
        <label className="third-party-links-field">
          <span>{t('links.form.name')}</span>
          <input value={name} maxLength={LINK_NAME_MAX} autoComplete="off" onChange={(event) => setName(event.target.value)} aria-invalid={tried && problems.name !== null} aria-describedby={describedBy('name')} />
          {error('name')}
        </label>
        <label className="third-party-links-field">
          <span>{t('links.form.email')}</span>
          <input type="email" value={email} autoComplete="off" onChange={(event) => setEmail(event.target.value)} aria-invalid={tried && problems.email !== null} aria-describedby={describedBy('email')} />
          {error('email')}
        </label>
        <label className="third-party-links-field">
          <span>{t('links.form.message')}</span>
          <textarea value={message} rows={3} maxLength={LINK_MESSAGE_MAX} onChange={(event) => setMessage(event.target.value)} />
        </label>
        <label className="third-party-links-field">
          <span>{t('links.form.expiry', { days: LINK_MAX_DAYS })}</span>
          <input
            type="date"
            value={day}
            min={dayInput(new Date(nowMs() + DAY_MS))}
            max={dayInput(new Date(nowMs() + LINK_MAX_DAYS * DAY_MS))}
            onChange={(event) => setDay(event.target.value)}
            aria-invalid={tried && problems.day !== null}
            aria-describedby={describedBy('day')}
          />
          {error('day')}
        </label>
        <label className="third-party-links-check">
          <input type="checkbox" checked={otp} onChange={(event) => setOtp(event.target.checked)} />
          <span>{t('links.form.otp')}</span>
        </label>
        <label className="third-party-links-field">
          <span>{t('links.form.language')}</span>
          <select value={language} onChange={(event) => setLanguage(event.target.value as 'fr' | 'en')}>
            <option value="fr">Français</option>
            <option value="en">English</option>
          </select>
        </label>
        <div className="third-party-links-inline">
          <button type="submit" className="third-party-links-button">
            {t('links.form.submit')}
          </button>
        </div>
      </form>
    </ModulePage>
  );
}
