/**
 * A module's list and record together. On a phone the record is a page of its own, stacked
 * above the list (the list is not rendered, its scroll offset is remembered: RecordList); on
 * a wide screen (≥ 992 px, where the shell shows its menu beside the content) the list and
 * the record sit side by side, the selected row highlighted by the list.
 */
import type { ReactNode } from 'react';
import { useMediaQuery } from '../../hooks/use-media-query';
import './module.css';

export const WIDE_MEDIA = '(min-width: 992px)';

export function useWideLayout(): boolean {
  return useMediaQuery(WIDE_MEDIA);
}

export interface SplitLayoutProps {
  list: ReactNode;
  /** The record; null on the list's own address (wide: the placeholder shows). */
  detail: ReactNode | null;
  placeholder: string;
}

export function SplitLayout({ list, detail, placeholder }: SplitLayoutProps) {
  const wide = useWideLayout();
  if (!wide) return <div className="module-split">{detail ?? list}</div>;
  return (
    <div className="module-split module-split-wide">
      <div className="module-split-list">{list}</div>
      <div className="module-split-detail">{detail ?? <p className="module-split-placeholder">{placeholder}</p>}</div>
    </div>
  );
}
