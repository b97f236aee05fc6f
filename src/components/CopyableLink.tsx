/**
 * An address made to be given away once (a report's share link, the private iCal address): a
 * read-only field with a Copy button. The clipboard where the browser gives it (a secure page,
 * permission); otherwise the text is selected for the user's own copy and `copyFailed` says so.
 * The texts are the caller's (its namespace).
 */
import { IonButton } from '@ionic/react';
import { useId, useRef, useState } from 'react';
import { showToast } from '../lib/toast';
import './copyable-link.css';

interface CopyableLinkProps {
  url: string;
  label: string;
  copy: string;
  copied: string;
  copyFailed: string;
}

export function CopyableLink({ url, label, copy, copied, copyFailed }: CopyableLinkProps) {
  const [failed, setFailed] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const copyUrl = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(url);
      setFailed(false);
      showToast({ message: copied, kind: 'success' });
    } catch {
      setFailed(true);
      input.current?.focus();
      input.current?.select();
    }
  };
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <div className="copyable-link-row">
        <input id={id} ref={input} type="text" readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
        <IonButton fill="outline" onClick={() => void copyUrl()}>
          {copy}
        </IonButton>
      </div>
      {failed && <p className="copyable-link-failed">{copyFailed}</p>}
    </>
  );
}
