/**
 * /viewerThirdParty/$token for a third-party share link (a 65-character tenant token; an
 * emergency share's token is shorter and keeps its own page): no login, no shell, no Ionic
 * component code, one readable column on a phone. The shared items with their fields and files
 * (each file downloaded from /api/shared/links/<token>/files/<id>, which the server serves only
 * while an item lists it), the code form when the link asks for a one-time code, and the
 * server's answer when the link is unknown (404), expired or revoked (410, with its key).
 * fr or en from the browser's language (lib/i18n.ts).
 */
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME } from '../../../../common/constants';
import type { CodeSent, SharedLinkView } from '../../../../common/modules/thirdParty/links';
import { formatDateTime } from '../../../lib/dates';
import { formatBytes } from '../../../lib/format-bytes';
import { publicCall, type PublicAnswer } from '../../../lib/public-call';
import '../../../components/plain.css';
import './viewer.css';

/** A tenant token (_platform/tokens.ts): a share link's, not an emergency share's. */
export const LINK_TOKEN = /^[A-Za-z0-9_-]{65}$/;

type Failure = 'not_found' | 'expired' | 'revoked' | 'error';
const FAILURES: Record<string, Failure> = {
  'thirdParty.links.not_found': 'not_found',
  'thirdParty.links.expired': 'expired',
  'thirdParty.links.revoked': 'revoked',
};

const linkBase = (token: string): string => `/api/shared/links/${token}`;

/** GET /api/shared/links/<token>: the link's view (the server logs the opening). */
export const requestLinkView = (token: string): Promise<PublicAnswer<SharedLinkView>> => publicCall<SharedLinkView>(linkBase(token));

/** `first`: the view's request the public pages' entry sent with the page's code, used by the first load. */
export function LinkViewer({ token, first }: { token: string; first?: Promise<PublicAnswer<SharedLinkView>> }) {
  // Not suspended on the namespace: the link's data is asked for at once, its words at the same time.
  const { t, i18n, ready } = useTranslation('third-party', { useSuspense: false });
  const [view, setView] = useState<SharedLinkView | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const early = useRef(first);
  const base = linkBase(token);

  const load = useCallback(async () => {
    const request = early.current ?? requestLinkView(token);
    early.current = undefined;
    const answer = await request;
    if (answer.data) {
      setView(answer.data);
      setFailure(null);
    } else setFailure(FAILURES[answer.message ?? ''] ?? (answer.status === 404 ? 'not_found' : 'error'));
  }, [token]);

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    document.title = view ? `${view.siteName} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [view]);


  // The page is its own scroller: a tab stop, so a share without a file to download (fields only)
  // scrolls with the keyboard too (WCAG 2.1.1; axe's scrollable-region-focusable).
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <main className="plain-page viewer-link" tabIndex={0}>
      <div className="viewer-page">
        <p className="viewer-product">{PRODUCT_NAME}</p>
        {!ready && <p role="status" aria-busy="true" />}
        {ready && view === null && failure === null && <p role="status">{t('links.viewer.loading')}</p>}
        {ready && failure !== null && (
          <div role="alert" className="viewer-failure">
            <h1>{t(`links.viewer.${failure}`)}</h1>
            {failure === 'error' && (
              <button type="button" className="app-button" onClick={() => void load()}>
                {t('links.viewer.retry')}
              </button>
            )}
          </div>
        )}
        {ready && view !== null && failure === null && (
          <article>
            <h1>{view.siteName}</h1>
            <p className="viewer-kicker">{t('links.viewer.shared_by', { name: view.senderName, recipient: view.recipientName })}</p>
            <p className="viewer-kicker">{t('links.viewer.until', { date: formatDateTime(view.expiresAt, i18n.language) })}</p>
            {view.message !== '' && <blockquote className="viewer-message">{view.message}</blockquote>}
            {view.codeRequired ? (
              <CodeForm base={base} email={view.email} onOpen={() => void load()} />
            ) : view.items.length === 0 ? (
              <p>{t('links.viewer.no_items')}</p>
            ) : (
              view.items.map((item) => (
                <section key={`${item.kind}:${item.id}`} className="viewer-item" aria-labelledby={`viewer-${item.kind}-${item.id}`}>
                  <h2 id={`viewer-${item.kind}-${item.id}`}>{item.title}</h2>
                  {item.fields.length > 0 && (
                    <dl>
                      {item.fields.map((field, index) => (
                        <div key={index} className="viewer-field">
                          <dt>{field.label}</dt>
                          <dd>{field.value}</dd>
                        </div>
                      ))}
                    </dl>
                  )}
                  {item.files.length > 0 && (
                    <>
                      <h3>{t('links.viewer.files')}</h3>
                      <ul className="viewer-files">
                        {item.files.map((file) => (
                          <li key={file.id}>
                            <a className="viewer-file" href={`${base}/files/${file.id}`} download={file.name} rel="noreferrer">
                              <span className="viewer-file-name">
                                {file.path !== '' && <span className="viewer-kicker">{file.path} / </span>}
                                {file.name}
                              </span>
                              <span className="viewer-kicker">
                                {t('links.viewer.download')} · {formatBytes(file.size, i18n.language)}
                              </span>
                            </a>
                          </li>
                        ))}
                      </ul>
                    </>
                  )}
                </section>
              ))
            )}
          </article>
        )}
      </div>
    </main>
  );
}

function CodeForm({ base, email, onOpen }: { base: string; email: string; onOpen: () => void }) {
  const { t } = useTranslation('third-party');
  const [sent, setSent] = useState<CodeSent | null>(null);
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  const errorText = (key: string | undefined, attemptsLeft?: number): string => {
    if (key === 'thirdParty.links.code_wrong') return t('links.viewer.code_wrong', { count: attemptsLeft ?? 0 });
    if (key === 'thirdParty.links.code_expired') return t('links.viewer.code_expired');
    if (key === 'thirdParty.links.code_locked') return t('links.viewer.code_locked');
    return t('links.viewer.error');
  };

  const send = async () => {
    setBusy(true);
    const answer = await publicCall<CodeSent>(`${base}/code`, { method: 'POST' });
    setBusy(false);
    if (answer.data) {
      setSent(answer.data);
      setMessage(null);
    } else setMessage(errorText(answer.message));
  };

  const check = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) return setMessage(t('links.viewer.code_label'));
    setBusy(true);
    const answer = await publicCall<{ until: string }>(`${base}/code/check`, { method: 'POST', body: JSON.stringify({ code }) });
    setBusy(false);
    if (answer.data) onOpen();
    else {
      setCode('');
      setMessage(errorText(answer.message, typeof answer.body.attemptsLeft === 'number' ? answer.body.attemptsLeft : undefined));
    }
  };

  return (
    <section className="viewer-code" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('links.viewer.code_title')}</h2>
      <p>{sent ? t('links.viewer.code_sent', { email: sent.email }) : t('links.viewer.code_intro', { email })}</p>
      {sent === null ? (
        <button type="button" className="app-button" disabled={busy} onClick={() => void send()}>
          {t('links.viewer.code_send')}
        </button>
      ) : (
        <form onSubmit={(event) => void check(event)} className="viewer-code-form">
          <label htmlFor={`${id}-code`}>{t('links.viewer.code_label')}</label>
          <input id={`${id}-code`} inputMode="numeric" autoComplete="one-time-code" maxLength={6} pattern="[0-9]{6}" value={code} onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))} aria-describedby={message ? `${id}-message` : undefined} />
          <button type="submit" className="app-button" disabled={busy}>
            {t('links.viewer.code_check')}
          </button>
          <button type="button" className="app-button app-button--outline" disabled={busy} onClick={() => void send()}>
            {t('links.viewer.code_send')}
          </button>
        </form>
      )}
      {message !== null && (
        <p id={`${id}-message`} role="alert" className="viewer-error">
          {message}
        </p>
      )}
    </section>
  );
}
