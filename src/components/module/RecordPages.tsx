/**
 * A records module's two reading pages, as every such module shows them: its list (title,
 * actions, the list) and a record's sheet, beside the list on a wide screen and a page of its
 * own on a phone (with Back to the list, scrolled where it was). A module gives its list and
 * its sheet; the layout, the Back and the chosen row are these pages'.
 */
import { useParams, useRouter } from '@tanstack/react-router';
import { Fragment, Suspense, type ReactNode } from 'react';
import { useBack } from '../../hooks/use-back';
import { downloadApiFile } from '../../lib/download';
import { useEnvelope } from '../../lib/envelope-store';
import { describeApiError } from '../../lib/error-messages';
import { lazyPart } from '../../lib/lazy-part';
import { modulePart } from '../../lib/module-parts';
import { can } from '../../lib/rights';
import { showToast } from '../../lib/toast';
import '../plain.css';
import { ModulePage } from './ModulePage';
import { SplitLayout, useWideLayout } from './SplitLayout';

interface PagesOf {
  /** The list's title (the module's name for its records). */
  title: string;
  /** What the detail side says before a record is chosen (wide screens). */
  placeholder: string;
}

const ListExport = lazyPart(modulePart('ListExport'));

/**
 * The page's actions and, for a member who may export, "Export" of the list when the server
 * registers an export for it (module-parts: ListExport; `list`: the list's address when the page
 * is a record's sheet beside it).
 */
function useListActions(actions: ReactNode, list?: string): ReactNode {
  const exports = can(useEnvelope((state) => state.rights), 'export', 'read');
  if (!exports) return actions;
  return (
    <>
      {actions}
      <Suspense fallback={null}>
        <ListExport {...(list === undefined ? {} : { list })} />
      </Suspense>
    </>
  );
}

export function RecordListPage({ title, placeholder, actions, list }: PagesOf & { actions?: ReactNode; list: ReactNode }) {
  const allActions = useListActions(actions);
  return (
    <SplitLayout
      list={
        <ModulePage title={title} actions={allActions}>
          {list}
        </ModulePage>
      }
      detail={null}
      placeholder={placeholder}
    />
  );
}

/**
 * The sheet of the record the address names, the list (`list(selectedId)`) beside it; `sheet`
 * is given Back on a phone (undefined on a wide screen, where the list stays in view).
 */
export function RecordSheetPage({
  title,
  placeholder,
  actions,
  listHref,
  recordId,
  list,
  sheet,
}: PagesOf & { actions?: ReactNode; listHref: string; recordId: string; list: (selectedId: string) => ReactNode; sheet: (onBack: (() => void) | undefined) => ReactNode }) {
  const wide = useWideLayout();
  const back = useBack(listHref);
  const allActions = useListActions(actions, listHref.split('?')[0]);
  return (
    <SplitLayout
      list={
        <ModulePage title={title} actions={allActions}>
          {list(recordId)}
        </ModulePage>
      }
      detail={<Fragment key={recordId}>{sheet(wide ? undefined : back)}</Fragment>}
      placeholder={placeholder}
    />
  );
}

/** The id the route's `name` parameter holds ('' when the route has none). */
export function useRecordId(name: string): string {
  const params: Record<string, string | undefined> = useParams({ strict: false });
  return params[name] ?? '';
}

/**
 * A list page's button to another page of the module: a plain button in the look of Ionic's
 * (components/plain.css), not IonButton. Each list's header has one to four, part of its first
 * render, and each IonButton is a web component rendered by Stencil (its shadow root, its
 * styles, a ripple element inside): with the list's other components, the longest task of a
 * list's start on a phone.
 */
export function NavButton({ href, outline = false, children }: { href: string; outline?: boolean; children: ReactNode }) {
  const router = useRouter();
  return (
    <button type="button" className={outline ? 'app-button app-button--outline' : 'app-button'} onClick={() => void router.navigate({ href })}>
      {children}
    </button>
  );
}

/** The list as the user filtered it, saved as a file (CSV, vCard…); a failure says why in a toast. */
export function downloadList(path: string, search: Readonly<Record<string, string | undefined>> | URLSearchParams, fileName: string): void {
  const params = search instanceof URLSearchParams ? search : new URLSearchParams(Object.entries(search).filter((entry): entry is [string, string] => entry[1] !== undefined));
  void downloadApiFile(path, params, fileName).catch((error: unknown) => showToast({ message: describeApiError(error), kind: 'danger' }));
}
