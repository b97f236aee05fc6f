/** A record's comment box: a text and its send button; emptied once the comment is saved (onSend not answering false). */
import { IonButton } from '@ionic/react';
import { useState } from 'react';
import { TextField } from './RecordForm';

export interface CommentBoxProps {
  label: string;
  sendLabel: string;
  maxlength: number;
  onSend: (text: string) => Promise<unknown>;
}

export function CommentBox({ label, sendLabel, maxlength, onSend }: CommentBoxProps) {
  const [text, setText] = useState('');
  return (
    <form
      className="record-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim() === '') return;
        void onSend(text).then((sent) => sent !== false && setText(''));
      }}
    >
      <TextField label={label} value={text} onChange={setText} problem={undefined} multiline maxlength={maxlength} />
      <IonButton type="submit" disabled={text.trim() === ''}>
        {sendLabel}
      </IonButton>
    </form>
  );
}
