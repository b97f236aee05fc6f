/**
 * The site picker of every module's forms and filters: a search box over the district's sites
 * by name (the module's GET <prefix>/sites answers the first SITE_CHOICES_MAX,
 * common/schemas/site-choices.ts) and the choice, "none" (or "any") first. The chosen site
 * stays a choice whatever the search, with the name it was chosen with (or `chosenName`, the
 * record's own site that the first answers may leave out). The module passes its own read
 * (`choices`), guarded by its own right: a field user without the sites right picks sites too.
 */
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteChoice } from '../../../common/schemas/site-choices';
import './module.css';

export interface SiteSelectProps {
  label: string;
  value: string | null;
  /** The empty choice's label ("no site", "any site"). */
  noneLabel: string;
  onChange: (id: string | null) => void;
  /** The module's read of its site choices for a search. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any query key of the module's
  choices: (search: string) => UseQueryOptions<SiteChoice[], Error, SiteChoice[], any>;
  /** The chosen site's name when the choices may not list it. */
  chosenName?: string | null;
  className?: string;
  /** The id of a message describing the field (its error). */
  describedBy?: string;
  /** The search box's label, when not "Search: <label>". */
  searchLabel?: string;
  /** A choice's text, when not its name (the report form adds the distance). */
  optionLabel?: (site: SiteChoice) => string;
}

export function SiteSelect({ label, value, noneLabel, onChange, choices, chosenName = null, className = 'record-list-select', describedBy, searchLabel, optionLabel = (site) => site.name }: SiteSelectProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const sites = useQuery(choices(search));
  const [names, setNames] = useState<Record<string, string>>({});
  const ids = { search: useId(), select: useId() };
  const found = sites.data ?? [];
  const chosenMissing = value !== null && !found.some((s) => s.id === value);
  return (
    <div className={`site-select ${className}`}>
      <label htmlFor={ids.search}>
        {searchLabel ?? t('site_picker.search', { what: label })}
        <input id={ids.search} type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
      </label>
      <label htmlFor={ids.select}>
        {label}
        <select
          id={ids.select}
          value={value ?? ''}
          aria-describedby={describedBy}
          onChange={(event) => {
            const id = event.target.value;
            const site = found.find((s) => s.id === id);
            if (site !== undefined) setNames((known) => ({ ...known, [site.id]: site.name }));
            onChange(id === '' ? null : id);
          }}
        >
          <option value="">{noneLabel}</option>
          {chosenMissing && <option value={value}>{names[value] ?? chosenName ?? t('site_picker.chosen')}</option>}
          {found.map((site) => (
            <option key={site.id} value={site.id}>
              {optionLabel(site)}
            </option>
          ))}
        </select>
      </label>
      {/* Offline before the first answer (the query paused): say why the list is short. */}
      {sites.isPending && sites.fetchStatus === 'paused' && <p className="site-select-notice">{t('site_picker.offline')}</p>}
    </div>
  );
}
