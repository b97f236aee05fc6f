/**
 * A share link's row tells each e-mail's fate as the mail outbox does: waiting to be sent,
 * sent and when, or not delivered and why, in English and French (the same sending seen
 * before and after the mail worker ran, and after its link was revoked or expired).
 */
import { render, screen } from '@testing-library/react';
import { i18n } from '../../../../src/lib/i18n';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReportShareDelivery, ReportShareMail } from '../../../../common/modules/questionnaires/schemas';
import { ShareMailing } from '../../../../src/features/questionnaires/components/ReportShares';
import { formatDateTime } from '../../../../src/lib/dates';

const ASKED = '2026-11-20T09:15:00.000Z';
const SENT = '2026-11-20T09:16:30.000Z';
const waiting = { state: 'queued', sentAt: null, failure: null, error: null } as const;

const sending = (deliveries: ReportShareDelivery[]): ReportShareMail => ({
  sentAt: ASKED,
  sentBy: { id: '00000000-0000-4000-8000-000000000001', name: 'Camille Martin' },
  recipients: deliveries.map((d) => d.recipient),
  deliveries,
});

const lines = () => [...document.querySelectorAll('.report-share-delivery')].map((line) => line.textContent);

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('a share link’s e-mails in its row', () => {
  it('says waiting while the outbox holds them, and who asked for the sending when', () => {
    render(<ShareMailing mail={sending([{ recipient: 'client@example.org', ...waiting }, { recipient: 'expert@example.org', ...waiting }])} />);
    expect(screen.getByText(`E-mail requested by Camille Martin on ${formatDateTime(ASKED, 'en')}`)).toBeInTheDocument();
    expect(lines()).toEqual(['E-mail waiting to be sent to client@example.org, expert@example.org']);
    expect(document.body).not.toHaveTextContent(/Sent to/);
  });

  it('says sent and when once the mail server took it, and not delivered with the mail server’s answer', () => {
    render(
      <ShareMailing
        mail={sending([
          { recipient: 'client@example.org', state: 'sent', sentAt: SENT, failure: null, error: null },
          { recipient: 'nobody@example.org', state: 'failed', sentAt: null, failure: 'undeliverable', error: '550: No such mailbox' },
          { recipient: 'expert@example.org', ...waiting },
        ])}
      />,
    );
    expect(lines()).toEqual([
      `Sent to client@example.org on ${formatDateTime(SENT, 'en')}`,
      'Not delivered to nobody@example.org (550: No such mailbox)',
      'E-mail waiting to be sent to expert@example.org',
    ]);
  });

  it('says why an e-mail was not delivered when its link died first', () => {
    const { unmount } = render(<ShareMailing mail={sending([{ recipient: 'late@example.org', state: 'failed', sentAt: null, failure: 'link_expired', error: null }])} />);
    expect(lines()).toEqual(['Not delivered to late@example.org: the link expired before the e-mail could be sent']);
    unmount();
    render(<ShareMailing mail={sending([{ recipient: 'late@example.org', state: 'failed', sentAt: null, failure: 'link_revoked', error: null }])} />);
    expect(lines()).toEqual(['Not delivered to late@example.org: the link was revoked before the e-mail was sent']);
  });

  it('says the same in French', async () => {
    await i18n.changeLanguage('fr');
    render(
      <ShareMailing
        mail={sending([
          { recipient: 'client@example.org', ...waiting },
          { recipient: 'expert@example.org', state: 'sent', sentAt: SENT, failure: null, error: null },
          { recipient: 'tard@example.org', state: 'failed', sentAt: null, failure: 'link_revoked', error: null },
        ])}
      />,
    );
    expect(screen.getByText(`Envoi par e-mail demandé par Camille Martin le ${formatDateTime(ASKED, 'fr')}`)).toBeInTheDocument();
    expect(lines()).toEqual([
      'E-mail en attente d’envoi à client@example.org',
      `Envoyé à expert@example.org le ${formatDateTime(SENT, 'fr')}`,
      'Non remis à tard@example.org : le lien a été révoqué avant l’envoi de l’e-mail',
    ]);
  });

  it('groups the addresses that share a fate, and names an address whose e-mail the outbox no longer knows', () => {
    render(
      <ShareMailing
        mail={{
          ...sending([
            { recipient: 'a@example.org', state: 'sent', sentAt: SENT, failure: null, error: null },
            { recipient: 'b@example.org', state: 'sent', sentAt: SENT, failure: null, error: null },
          ]),
          recipients: ['a@example.org', 'b@example.org', 'c@example.org'],
        }}
      />,
    );
    expect(lines()).toEqual([`Sent to a@example.org, b@example.org on ${formatDateTime(SENT, 'en')}`, 'E-mail to c@example.org: its delivery was not recorded']);
  });
});
