/**
 * /dsaDrop/$token: the outside party's page of an upload-only link. No login, no shell, no
 * Ionic component code, one readable column on a phone; fr or en from the browser's language.
 * It says the area's name, the types taken, the room left and the expiry (never a file), takes
 * the depositor's name and optional e-mail, and sends each chosen file by tus to the link's
 * endpoint (/api/shared/dsa/<token>/uploads, ../drop-tus.ts) with its progress. A cut (network
 * lost, server away) is resumed from the bytes the server holds, at once when the browser is
 * back online and every few seconds otherwise; a page reloaded and given the same file again
 * goes on where it stopped (the deposit's id is kept on the device per file). A refusal (type,
 * quota, expired, revoked) is said in words.
 */
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME } from '../../../../common/constants';
import { DSA_PUBLIC_PREFIX, dsaAccepts } from '../../../../common/modules/dsa/public';
import type { DropView } from '../../../../common/modules/dsa/schemas';
import { formatDateTime } from '../../../lib/dates';
import { formatBytes } from '../../../lib/format-bytes';
import { Refused, sendDeposit } from '../drop-tus';
import '../../../components/plain.css';
import './drop.css';

const RETRY_MS = 3000;
const ERRORS = ['link_not_found', 'link_expired', 'link_revoked', 'type_not_allowed', 'over_quota', 'error'] as const;

interface Item {
  key: string;
  file: File;
  sent: number;
  state: 'waiting' | 'sending' | 'paused' | 'done' | 'refused';
  error?: string;
}

async function call<T>(path: string, init?: RequestInit): Promise<{ status: number; data?: T; message?: string; details?: string }> {
  const response = await fetch(path, { credentials: 'omit', headers: { accept: 'application/json', ...(init?.headers ?? {}) }, ...init });
  const body = (await response.json().catch(() => ({}))) as { data?: T; message?: string; details?: string };
  return { status: response.status, ...body };
}

const fileKey = (token: string, file: File) => `vigie.dsaDrop.${token.slice(-12)}.${file.name}.${file.size}.${file.lastModified}`;
/** The deposit's id kept on the device for this file, and whether it was known (an earlier try: ask the server its offset). */
function depositId(token: string, file: File): { id: string; known: boolean } {
  const key = fileKey(token, file);
  const known = localStorage.getItem(key);
  if (known) return { id: known, known: true };
  const id = crypto.randomUUID();
  localStorage.setItem(key, id);
  return { id, known: false };
}

export function DropPage({ token }: { token: string }) {
  const { t, i18n, ready } = useTranslation('dsa', { useSuspense: false });
  const [view, setView] = useState<DropView | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [items, setItems] = useState<Item[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const running = useRef(false);
  const itemsRef = useRef<Item[]>([]);
  const ids = useId();
  const base = `/api${DSA_PUBLIC_PREFIX}/${token}`;

  const load = useCallback(async () => {
    try {
      const answer = await call<DropView>(base);
      if (answer.data) {
        setView(answer.data);
        setFailure(null);
      } else setFailure(answer.message ?? 'dsa.link_not_found');
    } catch {
      setFailure('error');
    }
  }, [base]);
  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    document.title = view ? `${view.areaName} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [view]);

  const update = (key: string, patch: Partial<Item>) => {
    itemsRef.current = itemsRef.current.map((item) => (item.key === key ? { ...item, ...patch } : item));
    setItems(itemsRef.current);
  };

  /** Sends one file from the offset the server holds; throws Refused on a 4xx, anything else is a cut. */
  const send = async (item: Item) => {
    const { id, known } = depositId(token, item.file);
    update(item.key, { state: 'sending' });
    await sendDeposit({
      endpoint: `${base}/uploads`,
      id,
      file: item.file,
      known,
      metadata: { name: item.file.name, type: item.file.type, depositorName: name.trim(), ...(email.trim() ? { depositorEmail: email.trim() } : {}) },
      onProgress: (sent) => update(item.key, { sent }),
    });
    localStorage.removeItem(fileKey(token, item.file));
    update(item.key, { sent: item.file.size, state: 'done' });
  };

  const run = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    try {
      for (;;) {
        const next = itemsRef.current.find((item) => item.state === 'waiting' || item.state === 'paused');
        if (!next) break;
        try {
          update(next.key, { state: 'sending' });
          await send(next);
        } catch (error) {
          if (error instanceof Refused) update(next.key, { state: 'refused', error: error.message });
          else {
            update(next.key, { state: 'paused' });
            // A cut: wait for the network (or a few seconds), then resume from the server's offset.
            await new Promise<void>((resolve) => {
              const done = () => {
                window.removeEventListener('online', done);
                clearTimeout(timer);
                resolve();
              };
              const timer = setTimeout(done, RETRY_MS);
              window.addEventListener('online', done);
            });
          }
        }
      }
    } finally {
      running.current = false;
      void load();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [load, name, email]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem('files') as HTMLInputElement;
    const chosen = [...(input.files ?? [])];
    if (name.trim() === '') return setProblem(t('drop.name_required'));
    if (chosen.length === 0) return setProblem(t('drop.files_required'));
    setProblem(null);
    const added = chosen.map((file): Item => {
      const allowed = view === null || dsaAccepts(view.types, file.type, file.name);
      return { key: `${file.name}:${file.size}:${file.lastModified}:${crypto.randomUUID()}`, file, sent: 0, state: allowed ? 'waiting' : 'refused', ...(allowed ? {} : { error: 'dsa.type_not_allowed' }) };
    });
    itemsRef.current = [...itemsRef.current, ...added];
    setItems(itemsRef.current);
    input.value = '';
    void run();
  };

  const errorText = (key: string) => {
    const known = ERRORS.find((e) => `dsa.${e}` === key) ?? 'error';
    return t(`errors.${known}`);
  };

  return (
    <main className="plain-page dsa-drop">
      <div className="dsa-drop-page">
        <div className="dsa-drop-product">{PRODUCT_NAME}</div>
        {!ready && <p role="status" aria-busy="true" />}
        {ready && view === null && failure === null && <p role="status">{t('drop.loading')}</p>}
        {ready && failure !== null && (
          <div role="alert">
            <h1>{errorText(failure)}</h1>
          </div>
        )}
        {ready && view !== null && failure === null && (
          <>
            <h1>{t('drop.title', { name: view.areaName })}</h1>
            <p>{t('drop.intro')}</p>
            <dl className="dsa-drop-facts">
              <dt>{t('drop.types')}</dt>
              <dd>{view.types.map((g) => t(`types.${g}`)).join(', ')}</dd>
              <dt>{t('drop.left')}</dt>
              <dd>{formatBytes(view.leftBytes, i18n.language)}</dd>
              <dt>{t('drop.until')}</dt>
              <dd>{formatDateTime(view.expiresAt, i18n.language)}</dd>
            </dl>
            <form onSubmit={submit} noValidate className="dsa-drop-form">
              <label htmlFor={`${ids}-name`}>{t('drop.name')} *</label>
              <input id={`${ids}-name`} autoComplete="name" required maxLength={200} value={name} onChange={(event) => setName(event.target.value)} />
              <label htmlFor={`${ids}-email`}>{t('drop.email')}</label>
              <input id={`${ids}-email`} type="email" autoComplete="email" maxLength={254} value={email} onChange={(event) => setEmail(event.target.value)} />
              <label htmlFor={`${ids}-files`}>{t('drop.files')}</label>
              <input id={`${ids}-files`} name="files" type="file" multiple accept={view.accept} />
              {problem !== null && (
                <p role="alert" className="dsa-drop-problem">
                  {problem}
                </p>
              )}
              <button type="submit" className="app-button app-button--block">
                {t('drop.send')}
              </button>
            </form>
            {items.length > 0 && (
              <ul className="dsa-drop-items" aria-live="polite">
                {items.map((item) => (
                  <li key={item.key} data-state={item.state}>
                    <span className="dsa-drop-name">{item.file.name}</span>
                    {item.state !== 'refused' && <progress max={Math.max(item.file.size, 1)} value={item.state === 'done' ? Math.max(item.file.size, 1) : item.sent} aria-label={item.file.name} />}
                    <span>
                      {item.state === 'refused'
                        ? errorText(item.error ?? 'error')
                        : t(`drop.state_${item.state}`, { sent: formatBytes(item.sent, i18n.language), size: formatBytes(item.file.size, i18n.language) })}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </main>
  );
}
