/**
 * A computed table (TanStack Table): its grouped fields, its measures, a totals row; each cell a
 * link to the matching records in their module's list (same filters in the address), when the
 * list has filters for them and the reader may open it.
 */
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { useRouter } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SynthesisResult, SynthesisRow, SynthesisSourceInfo } from '../../../../common/modules/synthesis/schemas';
import { fieldLabel, formatValue, keyLabel, measureLabel } from '../labels';
import { cellHref } from '../links';

const features = tableFeatures({});
const helper = createColumnHelper<typeof features, SynthesisRow>();

function CellLink({ href, children }: { href: string | null; children: string }) {
  const router = useRouter();
  if (href === null) return <>{children}</>;
  return (
    <a
      href={href}
      className="synthesis-cell-link"
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        void router.navigate({ href });
      }}
    >
      {children}
    </a>
  );
}

export function ResultTable({ result, source, caption }: { result: SynthesisResult; source: SynthesisSourceInfo | undefined; caption: string }) {
  const { t, i18n } = useTranslation('synthesis');
  const language = i18n.language;
  const kinds = useMemo(() => new Map(source?.measures.map((m) => [m.id, m.kind]) ?? []), [source]);
  const columns = useMemo(
    () =>
      helper.columns([
        ...result.groupBy.map((field, i) =>
          helper.accessor((row) => row.keys[i]?.value ?? '', {
            id: `k${i}`,
            header: () => fieldLabel(t, field),
            cell: (info) => keyLabel(t, language, field, info.row.original.keys[i]!),
          }),
        ),
        ...result.measures.map((measure, i) =>
          helper.accessor((row) => row.values[i] ?? null, {
            id: `m${i}`,
            header: () => measureLabel(t, result.source, measure),
            cell: (info) => <CellLink href={cellHref(result.list, info.row.original.link)}>{formatValue(language, kinds.get(measure), info.getValue())}</CellLink>,
          }),
        ),
      ]),
    [result, t, language, kinds],
  );
  const table = useTable({ features, columns, data: result.rows });
  return (
    <div className="synthesis-table-wrap">
      <table className="synthesis-table">
        <caption className="synthesis-caption">{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header, i) => (
                <th key={header.id} scope="col" className={i >= result.groupBy.length ? 'synthesis-number' : undefined}>
                  <table.FlexRender header={header} />
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getAllCells().map((cell, i) => (
                <td key={cell.id} className={i >= result.groupBy.length ? 'synthesis-number' : undefined}>
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            {result.groupBy.map((field, i) => (i === 0 ? <th key={field} scope="row">{t('total')}</th> : <td key={field} />))}
            {result.measures.map((measure, i) => (
              <td key={measure} className="synthesis-number">
                <CellLink href={cellHref(result.list, result.totalLink)}>{formatValue(language, kinds.get(measure), result.totals[i] ?? null)}</CellLink>
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
