/**
 * The map's search field (the spec's places library): results as the user types, the
 * district's own sites and points first (found on the device in the features kept offline,
 * find.ts), then the addresses of the operator's geocoder (GET /places, after a pause in the
 * typing) when online and configured; offline, or without a geocoder, a line says why
 * addresses are missing. A combobox (WAI-ARIA's pattern): arrows move through the results,
 * Enter chooses, Escape closes; choosing flies the map there.
 */
import { useQuery } from '@tanstack/react-query';
import { closeOutline } from 'ionicons/icons';
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MapFeature, Place } from '../../../../common/modules/cartography/schemas';
import { IconButton } from '../../../components/IconButton';
import { SEARCH_DEBOUNCE_MS } from '../../../components/module/RecordList';
import { ApiError } from '../../../lib/api-client';
import { useConnectionState } from '../../../lib/connectivity';
import { placesQueryOptions } from '../api/reads';
import { findFeatures } from '../find';

export type SearchResult = { kind: 'feature'; feature: MapFeature } | { kind: 'place'; place: Place };

const PLACES_MIN = 3;
const NOT_CONFIGURED = 'cartography.geocoder_not_configured';

function useDebounced(value: string): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return debounced;
}

export function MapSearch({ features, onChoose }: { features: readonly MapFeature[]; onChoose: (result: SearchResult) => void }) {
  const { t } = useTranslation('cartography');
  const connection = useConnectionState();
  const [typed, setTyped] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const ids = { input: useId(), list: useId(), note: useId() };
  const wanted = useDebounced(typed.trim());
  const online = connection !== 'offline';
  const places = useQuery({ ...placesQueryOptions(wanted), enabled: online && wanted.length >= PLACES_MIN });

  const local = useMemo(() => findFeatures(features, typed), [features, typed]);
  const results: SearchResult[] = useMemo(
    () => [...local.map((feature): SearchResult => ({ kind: 'feature', feature })), ...(places.data ?? []).map((place): SearchResult => ({ kind: 'place', place }))],
    [local, places.data],
  );
  const searching = typed.trim().length >= PLACES_MIN;
  const note = !searching
    ? null
    : !online
      ? t('search.places_offline')
      : places.error instanceof ApiError
        ? places.error.isNetworkError
          ? t('search.places_offline')
          : places.error.body.message === NOT_CONFIGURED
            ? t('search.places_not_configured')
            : t('search.places_unavailable')
        : places.isFetching
          ? t('search.searching')
          : null;
  const shown = open && typed.trim() !== '';

  const choose = (result: SearchResult) => {
    setOpen(false);
    setActive(-1);
    setTyped(result.kind === 'feature' ? result.feature.properties.name : result.place.label);
    onChoose(result);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (results.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + results.length) % results.length);
    } else if (event.key === 'Enter') {
      const result = results[active] ?? (results.length === 1 ? results[0] : undefined);
      if (result !== undefined) {
        event.preventDefault();
        choose(result);
      }
    } else if (event.key === 'Escape') {
      if (shown) setOpen(false);
      else setTyped('');
      setActive(-1);
    }
  };

  const optionId = (i: number) => `${ids.list}-${i}`;

  return (
    <div className="carto-search">
      <label htmlFor={ids.input} className="visually-hidden">
        {t('search.label')}
      </label>
      <div className="carto-search-field">
        <input
          id={ids.input}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          placeholder={t('search.placeholder')}
          aria-autocomplete="list"
          aria-expanded={shown}
          aria-controls={ids.list}
          aria-describedby={note === null ? undefined : ids.note}
          aria-activedescendant={shown && active >= 0 && active < results.length ? optionId(active) : undefined}
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        {typed !== '' && (
          <IconButton
            className="module-target"
            label={t('search.clear')}
            icon={closeOutline}
            onClick={() => {
              setTyped('');
              setActive(-1);
            }}
          />
        )}
      </div>
      <ul id={ids.list} role="listbox" aria-label={t('search.results')} className="carto-search-results" hidden={!shown}>
        {results.map((result, i) => (
          // The keys are the field's (aria-activedescendant points here), as the combobox pattern has it.
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events
          <li
            key={result.kind === 'feature' ? result.feature.properties.id : `place-${i}`}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            data-kind={result.kind === 'feature' ? result.feature.properties.kind : 'place'}
            // Chosen before the field's blur closes the list.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(result)}
          >
            <span className="carto-search-name">{result.kind === 'feature' ? result.feature.properties.name : result.place.label}</span>
            <span className="carto-search-kind">
              {result.kind === 'feature' ? [t(`kinds.${result.feature.properties.kind}`), result.feature.properties.typeName].filter(Boolean).join(' · ') : t('search.place')}
            </span>
          </li>
        ))}
        {shown && results.length === 0 && !places.isFetching && (
          <li role="option" aria-selected={false} aria-disabled="true" className="carto-search-none">
            {t('search.none')}
          </li>
        )}
      </ul>
      <p id={ids.note} className="carto-search-note" role="status">
        {shown && note}
        {shown && results.length > 0 && <span className="visually-hidden"> {t('search.count', { count: results.length })}</span>}
      </p>
    </div>
  );
}
