/**
 * A records module's two reading pages, as every such module shows them: its list (title,
 * actions, the list) and a record's sheet, beside the list on a wide screen and a page of its
 * own on a phone (with Back to the list, scrolled where it was). A module gives its list and
 * its sheet; the layout, the Back and the chosen row are these pages'.
 */
import { IonButton } from '@ionic/react';
import { useParams, useRouter } from '@tanstack/react-router';
import { Fragment, type ReactNode } from 'react';
import { useBack } from '../../hooks/use-back';
import { downloadApiFile } from '../../lib/download';
import { describeApiError } from '../../lib/error-messages';
import { showToast } from '../../lib/toast';
import { ModulePage } from './ModulePage';
import { SplitLayout, useWideLayout } from './SplitLayout';

interface PagesOf {
  /** The list's title (the module's name for its records). */
  title: string;
  /** What the detail side says before a record is chosen (wide screens). */
  placeholder: string;
}

export function RecordListPage({ title, placeholder, actions, list }: PagesOf & { actions?: ReactNode; list: ReactNode }) {
  return (
    <SplitLayout
      list={
        <ModulePage title={title} actions={actions}>
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
  return (
    <SplitLayout
      list={
        <ModulePage title={title} actions={actions}>
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

/** A list page's button to another page of the module. */
export function NavButton({ href, outline = false, children }: { href: string; outline?: boolean; children: ReactNode }) {
  const router = useRouter();
  return (
    <IonButton fill={outline ? 'outline' : undefined} onClick={() => void router.navigate({ href })}>
      {children}
    </IonButton>
  );
}

/** The list as the user filtered it, saved as a file (CSV, vCard…); a failure says why in a toast. */
export function downloadList(path: string, search: Readonly<Record<string, string | undefined>> | URLSearchParams, fileName: string): void {
  const params = search instanceof URLSearchParams ? search : new URLSearchParams(Object.entries(search).filter((entry): entry is [string, string] => entry[1] !== undefined));
  void downloadApiFile(path, params, fileName).catch((error: unknown) => showToast({ message: describeApiError(error), kind: 'danger' }));
}
