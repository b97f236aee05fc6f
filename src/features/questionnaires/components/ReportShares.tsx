/**
 * The report's "Share" section (submitted inspections): pick a validity, make a link (online
 * only: the server answers its token once, shown here once with a Copy button, and a form to
 * send it by e-mail while it is shown), and the list of the inspection's links with their state,
 * their downloads, their sendings by e-mail (each e-mail's fate as the mail outbox tells it:
 * waiting, sent and when, not delivered and why) and a Revoke button for the live ones. Another
 * device's change comes back through the socket's records:changed (module questionnaire_shares).
 */
import { IonButton } from '@ionic/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { REPORT_SHARES_MODULE, SHARE_DAYS_CHOICES, SHARE_MAIL_RECIPIENTS_MAX, type ReportShare, type ReportShareMail } from '../../../../common/modules/questionnaires/schemas';
import { CopyableLink } from '../../../components/CopyableLink';
import { RecordSection } from '../../../components/module/RecordSheet';
import { StatusChip, type StatusTone } from '../../../components/module/StatusChip';
import { requireNetwork, useConnectionState } from '../../../lib/connectivity';
import { formatDateTime } from '../../../lib/dates';
import { describeApiError } from '../../../lib/error-messages';
import { onRecordsChanged } from '../../../lib/socket';
import { showToast } from '../../../lib/toast';
import { questionnairesKeys } from '../api/keys';
import { createReportShare, mailReportShare, reportSharesQueryOptions, revokeReportShare, shareUrl } from '../api/shares';
import { deliveryLines, parseRecipients, type DeliveryLine } from '../share-mail';

const TONE: Record<ReportShare['state'], StatusTone> = { active: 'success', expired: 'neutral', revoked: 'danger' };

export function ReportShares({ inspectionId }: { inspectionId: string }) {
  const { t, i18n } = useTranslation('questionnaires');
  const language = i18n.language;
  const queryClient = useQueryClient();
  const connection = useConnectionState();
  const [days, setDays] = useState<number>(SHARE_DAYS_CHOICES[1]);
  /** The link just made: its address (null: made, but the answer had no token) — shown until the page is left. */
  const [made, setMade] = useState<{ url: string | null; token: string | null; shareId: string } | null>(null);
  const daysId = useId();
  const shares = useQuery(reportSharesQueryOptions(inspectionId));

  useEffect(
    () =>
      onRecordsChanged(REPORT_SHARES_MODULE, (ids) => {
        if (ids.includes(inspectionId)) void queryClient.invalidateQueries({ queryKey: questionnairesKeys.shares(inspectionId) });
      }),
    [queryClient, inspectionId],
  );

  const refresh = () => queryClient.invalidateQueries({ queryKey: questionnairesKeys.shares(inspectionId) });
  const create = useMutation({
    mutationFn: () => createReportShare(inspectionId, days),
    onSuccess: (created) => {
      setMade({ url: shareUrl(created, window.location.origin), token: created.token, shareId: created.id });
      void refresh();
    },
    onError: (error) => showToast({ message: describeApiError(error), kind: 'danger' }),
  });
  const revoke = useMutation({
    mutationFn: (shareId: string) => revokeReportShare(inspectionId, shareId),
    onSuccess: () => {
      showToast({ message: t('share.revoked'), kind: 'success' });
      void refresh();
    },
    onError: (error) => showToast({ message: describeApiError(error), kind: 'danger' }),
  });

  const offline = connection === 'offline';
  const list = shares.data ?? [];
  return (
    <RecordSection title={t('share.title')}>
      <p className="inspection-help">{t('share.intro')}</p>
      <div className="report-share-create">
        <label htmlFor={daysId}>{t('share.validity')}</label>
        <select id={daysId} value={days} onChange={(event) => setDays(Number(event.target.value))}>
          {SHARE_DAYS_CHOICES.map((n) => (
            <option key={n} value={n}>
              {t('share.days', { count: n })}
            </option>
          ))}
        </select>
        <IonButton disabled={create.isPending} onClick={() => requireNetwork() && create.mutate()}>
          {create.isPending ? t('share.creating') : t('share.create')}
        </IonButton>
      </div>
      {offline && (
        <p role="status" className="report-share-offline">
          {t('share.offline')}
        </p>
      )}
      {made && made.url === null && <p role="status">{t('share.replayed')}</p>}
      {made && made.url !== null && (
        <div className="report-share-link" role="status">
          <p>{t('share.created')}</p>
          <CopyableLink key={made.url} url={made.url} label={t('share.link_label')} copy={t('share.copy')} copied={t('share.copied')} copyFailed={t('share.copy_failed')} />
        </div>
      )}
      {made && made.token !== null && <ShareByMail key={made.shareId} inspectionId={inspectionId} shareId={made.shareId} token={made.token} onSent={() => void refresh()} />}
      <h3 className="report-share-links-title">{t('share.links')}</h3>
      {shares.isPending && <p>{t('share.loading')}</p>}
      {shares.isError && shares.data === undefined && <p role="alert">{describeApiError(shares.error)}</p>}
      {shares.isSuccess && list.length === 0 && <p>{t('share.none')}</p>}
      {list.length > 0 && (
        <ul className="bare-list report-share-list">
          {list.map((share) => {
            const created = formatDateTime(share.createdAt, language);
            return (
              <li key={share.id} className="report-share-row">
                <div>
                  <StatusChip label={t(`share.state.${share.state}`)} tone={TONE[share.state]} />
                  <span>{t('share.created_by', { name: share.createdBy.name || '—', date: created })}</span>
                  <span>
                    {share.state === 'revoked'
                      ? t('share.revoked_on', { date: formatDateTime(share.revokedAt!, language), name: share.revokedBy?.name || '—' })
                      : t(share.state === 'expired' ? 'share.expired_on' : 'share.expires', { date: formatDateTime(share.expiresAt, language) })}
                  </span>
                  <span>
                    {share.downloads === 0
                      ? t('share.never_downloaded')
                      : t('share.downloads', { count: share.downloads, date: formatDateTime(share.lastDownloadedAt!, language) })}
                  </span>
                  {share.mails.map((sent) => (
                    <ShareMailing key={sent.sentAt} mail={sent} />
                  ))}
                </div>
                {share.state === 'active' && (
                  <IonButton
                    fill="outline"
                    color="danger"
                    aria-label={t('share.revoke_label', { date: created })}
                    disabled={revoke.isPending && revoke.variables === share.id}
                    onClick={() => requireNetwork() && revoke.mutate(share.id)}
                  >
                    {t('share.revoke')}
                  </IonButton>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </RecordSection>
  );
}

/** What the line of e-mails with one fate says: waiting, sent and when, or not delivered and why. */
function deliveryText(t: TFunction<'questionnaires'>, line: DeliveryLine): string {
  const to = line.recipients.join(', ');
  if (line.state === 'queued') return t('share.mail_queued', { to });
  if (line.state === 'sent') return t('share.mail_delivered', { to, date: line.date });
  if (line.state === 'untracked') return t('share.mail_untracked', { to });
  if (line.failure === 'undeliverable' && line.error !== null) return t('share.mail_failed.undeliverable', { to, error: line.error });
  return t(`share.mail_failed.${line.failure === 'link_expired' || line.failure === 'link_revoked' ? line.failure : 'other'}`, { to });
}

/** One sending by e-mail in a link's row: who asked for it and when, then each e-mail's fate as the mail outbox tells it. */
export function ShareMailing({ mail }: { mail: ReportShareMail }) {
  const { t, i18n } = useTranslation('questionnaires');
  const language = i18n.language;
  return (
    <>
      <span>{t('share.mail_requested', { name: mail.sentBy.name || '—', date: formatDateTime(mail.sentAt, language) })}</span>
      {deliveryLines(mail, (at) => formatDateTime(at, language)).map((line) => (
        <span key={`${line.state}:${line.recipients.join(',')}`} className={`report-share-delivery report-share-delivery-${line.state}`}>
          {deliveryText(t, line)}
        </span>
      ))}
    </>
  );
}

/** "Send by e-mail" for the link just made: the addresses checked here as the server would, then sent at once (online). */
function ShareByMail({ inspectionId, shareId, token, onSent }: { inspectionId: string; shareId: string; token: string; onSent: () => void }) {
  const { t } = useTranslation('questionnaires');
  const id = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const send = useMutation({
    mutationFn: (recipients: string[]) => mailReportShare(inspectionId, shareId, token, recipients),
    onSuccess: (_share, recipients) => {
      showToast({ message: t('share.mail_sent', { count: recipients.length }), kind: 'success' });
      setText('');
      onSent();
    },
    onError: (error) => setProblem(describeApiError(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseRecipients(text);
    if (parsed.invalid.length > 0) setProblem(t('share.mail_invalid', { count: parsed.invalid.length, list: parsed.invalid.join(', ') }));
    else if (parsed.addresses.length === 0) setProblem(t('share.mail_none'));
    else if (parsed.tooMany) setProblem(t('share.mail_too_many', { max: SHARE_MAIL_RECIPIENTS_MAX }));
    else {
      setProblem(null);
      if (requireNetwork()) send.mutate(parsed.addresses);
    }
  };
  return (
    <form className="report-share-mail" onSubmit={submit} noValidate>
      <label htmlFor={id}>{t('share.mail_to')}</label>
      <p className="inspection-help" id={`${id}-help`}>
        {t('share.mail_help', { max: SHARE_MAIL_RECIPIENTS_MAX })}
      </p>
      <textarea
        id={id}
        rows={2}
        value={text}
        autoComplete="email"
        aria-invalid={problem !== null || undefined}
        aria-describedby={`${id}-help${problem !== null ? ` ${id}-problem` : ''}`}
        onChange={(event) => setText(event.target.value)}
      />
      {problem !== null && (
        <p className="record-form-error" id={`${id}-problem`} role="alert">
          {problem}
        </p>
      )}
      <IonButton type="submit" fill="outline" disabled={send.isPending}>
        {send.isPending ? t('share.mail_sending') : t('share.mail_send')}
      </IonButton>
    </form>
  );
}
