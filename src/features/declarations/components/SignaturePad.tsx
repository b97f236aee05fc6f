/**
 * A signature drawn with a finger, a pen or a mouse on a canvas (pointer events, so touch and
 * mouse alike), kept as a PNG when the user confirms it. Keyboard users confirm a typed name
 * instead: it is drawn on the canvas, so every signature is a picture the server stores.
 */
import { IonButton } from '@ionic/react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DrawnSignature } from '../writes';

const WIDTH = 600;
const HEIGHT = 200;

export function SignaturePad({ label, value, onChange }: { label: string; value: DrawnSignature | undefined; onChange: (value: DrawnSignature | undefined) => void }) {
  const { t } = useTranslation('declarations');
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [inked, setInked] = useState(false);
  const [typed, setTyped] = useState('');
  const [preview, setPreview] = useState<string | null>(null);
  const nameId = useId();

  // A stroke that starts near the screen's left edge would open the drawer menu (Ionic's swipe
  // gesture): while the pad is there to draw on, the menus do not follow swipes.
  const drawable = value === undefined;
  useEffect(() => {
    if (!drawable) return undefined;
    const menus = [...document.querySelectorAll('ion-menu')];
    const before = menus.map((menu) => menu.swipeGesture);
    for (const menu of menus) menu.swipeGesture = false;
    return () => menus.forEach((menu, i) => (menu.swipeGesture = before[i] ?? true));
  }, [drawable]);

  useEffect(() => {
    if (value === undefined) {
      setPreview(null);
      return undefined;
    }
    const url = URL.createObjectURL(value.blob);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [value]);

  const context = () => {
    const ctx = canvas.current?.getContext('2d') ?? null;
    if (ctx !== null) {
      ctx.lineWidth = 3;
      ctx.lineCap = 'round';
      ctx.strokeStyle = '#111';
    }
    return ctx;
  };
  const point = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: ((event.clientX - rect.left) / rect.width) * WIDTH, y: ((event.clientY - rect.top) / rect.height) * HEIGHT };
  };
  const clear = () => {
    context()?.clearRect(0, 0, WIDTH, HEIGHT);
    setInked(false);
    setTyped('');
    onChange(undefined);
  };
  const confirm = () => {
    const ctx = context();
    const element = canvas.current;
    if (ctx === null || element === null) return;
    if (!inked && typed.trim() !== '') {
      ctx.clearRect(0, 0, WIDTH, HEIGHT);
      ctx.font = 'italic 48px serif';
      ctx.fillStyle = '#111';
      ctx.fillText(typed.trim(), 24, HEIGHT / 2 + 16, WIDTH - 48);
    }
    element.toBlob((blob) => {
      if (blob !== null) onChange({ blob, name: 'signature.png', type: 'image/png' });
    }, 'image/png');
  };

  if (value !== undefined) {
    return (
      <div className="declaration-signature">
        {preview !== null && <img src={preview} alt={t('report.signature_done', { label })} width={300} height={100} />}
        <IonButton fill="outline" onClick={clear}>
          {t('report.signature_again')}
        </IonButton>
      </div>
    );
  }
  return (
    <div className="declaration-signature">
      <canvas
        ref={canvas}
        width={WIDTH}
        height={HEIGHT}
        className="declaration-signature-canvas"
        role="img"
        aria-label={t('report.signature_area', { label })}
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture(event.pointerId);
          drawing.current = true;
          const ctx = context();
          const { x, y } = point(event);
          ctx?.beginPath();
          ctx?.moveTo(x, y);
        }}
        onPointerMove={(event) => {
          if (!drawing.current) return;
          const ctx = context();
          const { x, y } = point(event);
          ctx?.lineTo(x, y);
          ctx?.stroke();
          setInked(true);
        }}
        onPointerUp={() => {
          drawing.current = false;
        }}
      />
      <label htmlFor={nameId} className="declaration-signature-typed">
        {t('report.signature_typed')}
        <input id={nameId} type="text" value={typed} disabled={inked} onChange={(event) => setTyped(event.target.value)} />
      </label>
      <div className="declaration-signature-actions">
        <IonButton onClick={confirm} disabled={!inked && typed.trim() === ''}>
          {t('report.signature_confirm')}
        </IonButton>
        <IonButton fill="outline" onClick={clear}>
          {t('report.signature_clear')}
        </IonButton>
      </div>
    </div>
  );
}
