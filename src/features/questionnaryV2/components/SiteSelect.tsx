/**
 * One site chosen among the district's (or none): a search box over the sites by name (the
 * server answers the first SITE_CHOICES_MAX) and the choice; the chosen site stays a choice
 * whatever the search, with the name it was chosen with.
 */
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { siteChoicesQueryOptions } from '../api/reads';

export function SiteSelect({ label, value, anyLabel, onChange, className = 'record-list-select' }: { label: string; value: string | null; anyLabel: string; onChange: (id: string | null) => void; className?: string }) {
  const { t } = useTranslation('questionnaires');
  const [search, setSearch] = useState('');
  const sites = useQuery(siteChoicesQueryOptions(search));
  const [names, setNames] = useState<Record<string, string>>({});
  const ids = { search: useId(), select: useId() };
  const found = sites.data ?? [];
  const chosenMissing = value !== null && !found.some((s) => s.id === value);
  return (
    <div className={`planning-site-select ${className}`} role="group" aria-labelledby={`${ids.select}-label`}>
      <label htmlFor={ids.search}>
        {t('manage.site_search', { what: label })}
        <input id={ids.search} type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
      </label>
      <label htmlFor={ids.select} id={`${ids.select}-label`}>
        {label}
        <select
          id={ids.select}
          value={value ?? ''}
          onChange={(event) => {
            const id = event.target.value;
            const site = found.find((s) => s.id === id);
            if (site !== undefined) setNames((known) => ({ ...known, [site.id]: site.name }));
            onChange(id === '' ? null : id);
          }}
        >
          <option value="">{anyLabel}</option>
          {chosenMissing && <option value={value}>{names[value] ?? t('manage.site_chosen')}</option>}
          {found.map((site) => (
            <option key={site.id} value={site.id}>
              {site.name}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
