/**
 * The emergency dialog (spec sections 2, 4, 5): a linear three-step stepper built from Ionic
 * parts inside IonModal. 1: pick a site. 2: recipient e-mails, add and remove per row (the
 * first row cannot be removed), each required and valid. 3: the confirm text, the site and
 * the list; Confirm queues the alert in the outbox and closes with true.
 *
 * Picking a site starts loading its stages and 360 images, so Confirm never waits on the
 * network: what has arrived goes in the payload, a missing image goes as null (the server
 * fills it). The alert is durable on this device before anything is sent (outbox/queue.ts).
 *
 * Offline, the dialog works from what the shell fetched earlier (offline-data.ts: the site
 * list and each site's stage lists, kept on the device and read from it when a request gets
 * no answer, lib/offline-copy.ts). Nothing in it waits on a network that is not there: a list
 * never fetched says so instead of spinning (the query pauses offline, and resumes by itself
 * when the connection is back), and Confirm does not spend the image budget on requests that
 * cannot start (only the device's copy is read, OFFLINE_COPY_BUDGET_MS at most).
 */
import { IonButton, IonIcon, IonInput, IonModal, IonSpinner, IonText } from '@ionic/react';
import { onlineManager, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { addOutline, closeOutline } from 'ionicons/icons';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Emergency360Stage, EmergencySiteStage } from '../../../../common/api-types';
import { VIEWER_IMAGE_PATH } from '../../../../common/constants';
import { RecordPanels } from '../../../components/module/RecordPanels';
import { useBackClosesDialog } from '../../../hooks/use-back-closes-dialog';
import { useConnectionState } from '../../../lib/connectivity';
import { describeApiError } from '../../../lib/error-messages';
import { showToast } from '../../../lib/toast';
import { all360StagesQueryOptions } from '../api/get-all-360-stages';
import { siteStagesQueryOptions } from '../api/get-site-stages';
import { emergencySitesQueryOptions } from '../api/get-sites';
import { IMAGE_FETCH_BUDGET_MS, viewerImageQueryOptions } from '../api/get-viewer-image';
import { queueAlert } from '../outbox/queue';
import { buildEmergencyPayload } from '../payload';
import { recipientError } from '../validation';
import '../../../components/dialog.css';
import './emergency.css';

const STEPS = ['step_site', 'step_recipients', 'step_confirm'] as const;

interface EmergencyDialogProps {
  isOpen: boolean;
  /** The site chosen beforehand (a site's sheet raised the alert). */
  siteId?: string | undefined;
  /** true once the alert is queued on this device. */
  onDismiss: (queued: boolean) => void;
}

export function EmergencyDialog({ isOpen, siteId, onDismiss }: EmergencyDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  useBackClosesDialog(isOpen, () => onDismiss(false));
  return (
    <IonModal
      isOpen={isOpen}
      onDidDismiss={() => onDismiss(false)}
      className="app-dialog emergency-dialog"
      // Ionic names its shadow-DOM dialog from aria-label only (an id across the shadow root does not resolve).
      aria-label={t('emergency.dialog_title')}
      aria-labelledby={titleId}
    >
      {/* IonModal mounts its content when presented and unmounts it after dismissal, so each
          opening starts a fresh form. Removing or re-keying the content from React while
          Ionic owns its DOM breaks React's bookkeeping (removeChild errors). */}
      <EmergencyStepper titleId={titleId} initialSiteId={siteId} onDone={onDismiss} />
    </IonModal>
  );
}

/** Step 1 Next: a site, and no malformed address already typed (spec section 4). */
export const canLeaveSiteStep = (siteId: string | null, emails: readonly string[]): boolean =>
  siteId !== null && emails.every((e) => e.trim() === '' || recipientError(e) === null);

export const canLeaveRecipientsStep = (emails: readonly string[]): boolean =>
  emails.length > 0 && emails.every((e) => recipientError(e) === null);

/** Offline, Confirm waits this long at most for a stage list read from the device's copy. */
export const OFFLINE_COPY_BUDGET_MS = 1500;

/** Resolves with the value, or undefined once the budget is spent or on failure. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([promise.catch(() => undefined), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function EmergencyStepper({ titleId, initialSiteId, onDone }: { titleId: string; initialSiteId?: string | undefined; onDone: (queued: boolean) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [step, setStep] = useState(0);
  const [siteId, setSiteId] = useState<string | null>(initialSiteId ?? null);
  const [emails, setEmails] = useState<string[]>(['']);
  const [touched, setTouched] = useState<ReadonlySet<number>>(new Set());
  const [sending, setSending] = useState(false);
  const groupName = useId();

  const sites = useQuery(emergencySitesQueryOptions());
  const connection = useConnectionState();
  // No request can start (the query is paused) or none gets an answer: waiting shows nothing.
  const offline = sites.fetchStatus === 'paused' || connection === 'offline' || !onlineManager.isOnline();
  // Offline without the device's copy, the query fails or pauses: said as offline, not as an error.
  const noList = sites.data === undefined && (!sites.isError || offline);
  // Preload what the payload needs as soon as a site is chosen.
  const threeD = useQuery({ ...siteStagesQueryOptions(siteId ?? ''), enabled: siteId !== null });
  const threeSixty = useQuery({ ...all360StagesQueryOptions(siteId ?? ''), enabled: siteId !== null });
  // Only the legacy data-URL paths: a panorama uploaded through Sites (an attachment URL) is
  // the server's to add to the share, never uploaded back over the alert's weak network.
  const imagePaths = (threeSixty.data ?? []).flatMap((s) => (s.imageUrl?.startsWith(`${VIEWER_IMAGE_PATH}/`) ? [s.imageUrl] : []));
  const images = useQueries({ queries: imagePaths.map((path) => viewerImageQueryOptions(path)) });

  const site = sites.data?.find((s) => s._id === siteId);
  const siteValid = canLeaveSiteStep(siteId, emails);
  const recipientsValid = canLeaveRecipientsStep(emails);

  const setEmail = (index: number, value: string) => setEmails((list) => list.map((e, i) => (i === index ? value : e)));
  const addEmail = () => setEmails((list) => [...list, '']);
  const removeEmail = (index: number) => {
    // Spec section 5: removal ignores the first index.
    if (index === 0) return;
    setEmails((list) => list.filter((_, i) => i !== index));
    setTouched((set) => new Set([...set].filter((i) => i !== index).map((i) => (i > index ? i - 1 : i))));
  };
  const errorOf = (index: number): string | undefined => {
    if (!touched.has(index)) return undefined;
    const error = recipientError(emails[index] ?? '');
    return error === null ? undefined : t(`emergency.recipient_${error}`);
  };

  const goNext = () => {
    if (step === 0 && siteValid) setStep(1);
    else if (step === 1 && recipientsValid) setStep(2);
  };

  async function stageLists(): Promise<{ threeD: EmergencySiteStage[]; threeSixty: Emergency360Stage[] }> {
    if (siteId === null) return { threeD: [], threeSixty: [] };
    // Normally loaded during steps 2 and 3; on a dead network the alert goes without stages
    // rather than not at all (the site's own fields are shared by the server). Offline the
    // requests cannot even start: no wait at all.
    const budget = connection === 'offline' || !onlineManager.isOnline() ? OFFLINE_COPY_BUDGET_MS : IMAGE_FETCH_BUDGET_MS;
    const [d, s] = await Promise.all([
      threeD.data ?? within(queryClient.fetchQuery(siteStagesQueryOptions(siteId)), budget),
      threeSixty.data ?? within(queryClient.fetchQuery(all360StagesQueryOptions(siteId)), budget),
    ]);
    return { threeD: d ?? [], threeSixty: s ?? [] };
  }

  async function confirm() {
    // Submit does nothing while the form is invalid or a send is under way.
    if (sending || siteId === null || !siteValid || !recipientsValid) return;
    setSending(true);
    try {
      const stages = await stageLists();
      const loaded = new Map<string, string>();
      imagePaths.forEach((path, i) => {
        const data = images[i]?.data;
        if (typeof data === 'string') loaded.set(path, data);
      });
      const payload = buildEmergencyPayload({ siteId, ...stages, images: loaded, recipients: emails });
      await queueAlert(payload);
      // Told at once: the alert is durable on the device from here on.
      showToast({ message: t('emergency.queued_toast'), kind: 'success' });
      onDone(true);
    } catch {
      showToast({ message: t('emergency.queue_failed'), kind: 'danger' });
      setSending(false);
    }
  }

  return (
    <div className="app-dialog-body emergency-stepper">
      <h2 id={titleId}>{t('emergency.dialog_title')}</h2>
      <ol className="emergency-steps" aria-label={t('emergency.step', { step: step + 1, total: STEPS.length })}>
        {STEPS.map((key, i) => (
          <li key={key} aria-current={i === step ? 'step' : undefined} className={i === step ? 'current' : undefined}>
            {t(`emergency.${key}`)}
          </li>
        ))}
      </ol>

      {step === 0 && (
        <fieldset className="emergency-sites">
          <legend>{t('emergency.site_label')}</legend>
          {noList && !offline && (
            <p role="status">
              <IonSpinner name="crescent" aria-hidden="true" /> {t('emergency.sites_loading')}
            </p>
          )}
          {/* Said in the spinner's place, in the text colour (Ionic's warning yellow is not
              readable on white). */}
          {noList && offline && <p role="status">{t('emergency.sites_offline')}</p>}
          {sites.isError && !offline && (
            <IonText color="danger">
              <p role="alert">
                {describeApiError(sites.error)}{' '}
                <IonButton size="small" fill="outline" onClick={() => void sites.refetch()}>
                  {t('emergency.reload')}
                </IonButton>
              </p>
            </IonText>
          )}
          {sites.data?.length === 0 && <p>{t('emergency.sites_empty')}</p>}
          {sites.data?.map((s) => (
            <label key={s._id} className="emergency-site">
              <input
                type="radio"
                name={groupName}
                value={s._id}
                checked={siteId === s._id}
                onChange={() => setSiteId(s._id)}
              />
              <span>
                <strong>{s.name}</strong>
                {s.address.fullAddress !== '' && <small>{s.address.fullAddress}</small>}
              </span>
            </label>
          ))}
        </fieldset>
      )}

      {/* The chosen site's emergency contacts, from the modules that keep them (lib/record-panels.ts). */}
      {step !== 1 && siteId !== null && (
        <div className="emergency-panels">
          <RecordPanels host="emergency-site" recordId={siteId} />
        </div>
      )}

      {step === 1 && (
        <div className="emergency-recipients">
          {emails.map((email, index) => (
            // Rows have no identity of their own; the index is what the spec's rules speak of.
            <div className="emergency-recipient" key={index}>
              <IonInput
                label={t('emergency.recipient_label', { index: index + 1 })}
                labelPlacement="stacked"
                fill="outline"
                type="email"
                inputmode="email"
                autocomplete="email"
                required
                value={email}
                className={errorOf(index) === undefined ? undefined : 'ion-invalid ion-touched'}
                errorText={errorOf(index)}
                onIonInput={(event) => setEmail(index, String(event.detail.value ?? ''))}
                onIonBlur={() => setTouched((set) => new Set(set).add(index))}
              />
              {index > 0 && (
                <IonButton
                  fill="clear"
                  color="medium"
                  aria-label={t('emergency.remove_recipient', { index: index + 1 })}
                  onClick={() => removeEmail(index)}
                >
                  <IonIcon slot="icon-only" icon={closeOutline} aria-hidden="true" />
                </IonButton>
              )}
            </div>
          ))}
          <IonButton fill="clear" size="small" onClick={addEmail}>
            <IonIcon slot="start" icon={addOutline} aria-hidden="true" />
            {t('emergency.add_recipient')}
          </IonButton>
        </div>
      )}

      {step === 2 && (
        <div className="emergency-confirm">
          <p>{t('emergency.confirm_text')}</p>
          <h3>{t('emergency.confirm_site')}</h3>
          <p>{site?.name}</p>
          <h3 id={`${groupName}-recipients`}>{t('emergency.confirm_recipients')}</h3>
          <ul aria-labelledby={`${groupName}-recipients`}>
            {emails.map((e, i) => (
              <li key={i}>{e.trim()}</li>
            ))}
          </ul>
        </div>
      )}

      <div className="app-dialog-actions">
        {step === 0 ? (
          <IonButton fill="outline" onClick={() => onDone(false)}>
            {t('emergency.cancel')}
          </IonButton>
        ) : (
          <IonButton fill="outline" onClick={() => setStep(step - 1)} disabled={sending}>
            {t('emergency.back')}
          </IonButton>
        )}
        {step === 0 && (
          <IonButton onClick={goNext} disabled={!siteValid}>
            {t('emergency.next')}
          </IonButton>
        )}
        {step === 1 && (
          <IonButton onClick={goNext} disabled={!recipientsValid}>
            {t('emergency.next')}
          </IonButton>
        )}
        {step === 2 && (
          <IonButton color="danger" onClick={() => void confirm()} disabled={sending}>
            {sending && <IonSpinner slot="start" name="crescent" aria-hidden="true" />}
            {t('emergency.confirm')}
          </IonButton>
        )}
      </div>
    </div>
  );
}
