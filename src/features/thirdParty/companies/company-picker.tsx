/**
 * An outside company picked from the district's register (a module part: lib/module-parts.ts,
 * `OutsideCompanyPicker`), for another module's form: the workflows' work permit for an outside
 * company names one of them, not a free text. It reads the device's copy of the companies and
 * their workers (kept for offline work by ./start.ts), so it works offline once the register
 * was read; once a company is chosen, its workers are listed with their qualifications' state.
 */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { qualificationState } from '../../../../common/modules/thirdParty/companies';
import { useEnvelope } from '../../../lib/envelope-store';
import type { OutsideCompanyPickerProps } from '../../../lib/module-parts';
import { can } from '../../../lib/rights';
import { companies, workers } from './kinds';

export function OutsideCompanyPicker({ label, value, onChange }: OutsideCompanyPickerProps) {
  const { t } = useTranslation('third-party');
  const allowed = can(
    useEnvelope((s) => s.rights),
    'thirdPartyV2',
  );
  const companyList = useQuery({ ...companies.allQueryOptions(), enabled: allowed });
  const workerList = useQuery({ ...workers.allQueryOptions(), enabled: allowed && value !== '' });
  const rows = (companyList.data ?? []).filter((c) => c.deletedAt === null).sort((a, b) => a.name.localeCompare(b.name));
  const chosen = rows.find((c) => c.id === value);
  const team = (workerList.data ?? []).filter((w) => w.companyId === value && w.deletedAt === null);
  const now = new Date();
  const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  return (
    <div>
      <label>
        {label}
        <select
          required
          value={value}
          disabled={!allowed}
          onChange={(e) => {
            const company = rows.find((c) => c.id === e.target.value);
            onChange(company ? { id: company.id, name: company.name } : null);
          }}
        >
          <option value="">{t('workflow.choose')}</option>
          {rows.map((c) => (
            <option key={c.id} value={c.id}>
              {c.activity ? `${c.name} – ${c.activity}` : c.name}
            </option>
          ))}
        </select>
      </label>
      {!allowed && <p>{t('workflow.no_right')}</p>}
      {allowed && companyList.isSuccess && rows.length === 0 && <p>{t('workflow.none')}</p>}
      {allowed && companyList.isError && !companyList.data && <p>{t('workflow.not_on_device')}</p>}
      {chosen && (
        <p>
          {team.length === 0
            ? t('workflow.no_workers')
            : t('workflow.workers', {
                names: team
                  .map((w) => (w.qualifications.some((q) => qualificationState(q.expiresOn, today) === 'expired') ? `${w.name} (${t('workflow.expired')})` : w.name))
                  .join(', '),
              })}
        </p>
      )}
    </div>
  );
}
