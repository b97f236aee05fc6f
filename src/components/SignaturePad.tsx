/**
 * A signature drawn with a finger, a pen or a mouse on a canvas (pointer events, so touch and
 * mouse alike), kept as a PNG when the user confirms it. Keyboard users confirm a typed name
 * instead: it is drawn on the canvas, so every signature is a picture the server stores. The
 * picture is ink on an opaque white sheet: a transparent one turns black wherever it is drawn
 * on a dark background or flattened (a JPEG thumbnail). Every module that signs uses this one
 * (a declaration's signature fields, an inspection's end).
 */
import { IonButton } from '@ionic/react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './signature-pad.css';

/** A signature drawn on the device: a PNG. */
export interface DrawnSignature {
  blob: Blob;
  name: string;
  type: 'image/png';
}

const WIDTH = 600;
const HEIGHT = 200;
/** The sheet the signature is drawn on, and its ink. */
const PAPER = '#fff';
const INK = '#111';

/** The canvas blanked to its white sheet. */
function blank(ctx: CanvasRenderingContext2D): void {
  ctx.clearRect(0, 0, WIDTH, HEIGHT);
  ctx.fillStyle = PAPER;
  ctx.fillRect(0, 0, WIDTH, HEIGHT);
}

export function SignaturePad({ label, value, onChange }: { label: string; value: DrawnSignature | undefined; onChange: (value: DrawnSignature | undefined) => void }) {
  const { t } = useTranslation('components');
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [inked, setInked] = useState(false);
  const [typed, setTyped] = useState('');
  const [preview, setPreview] = useState<string | null>(null);
  const nameId = useId();

  // A stroke that starts near the screen's left edge would open the drawer menu (Ionic's swipe
  // gesture): while a pointer is over the pad, the menus do not follow swipes. Held from the
  // pointer's arrival (which comes before the touch or the mouse press Ionic listens to), so a
  // menu the shell mounted after the pad is held too.
  const held = useRef<{ menus: HTMLIonMenuElement[]; before: boolean[] } | null>(null);
  const holdMenus = () => {
    if (held.current !== null) return;
    const menus = [...document.querySelectorAll('ion-menu')];
    held.current = { menus, before: menus.map((menu) => menu.swipeGesture) };
    for (const menu of menus) menu.swipeGesture = false;
  };
  const releaseMenus = () => {
    const current = held.current;
    if (current === null || drawing.current) return;
    current.menus.forEach((menu, i) => (menu.swipeGesture = current.before[i] ?? true));
    held.current = null;
  };
  useEffect(() => () => {
    drawing.current = false;
    releaseMenus();
  }, []);

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
      ctx.strokeStyle = INK;
    }
    return ctx;
  };
  // A new pad (first shown, or again after "sign again") starts on its white sheet.
  const empty = value === undefined;
  useEffect(() => {
    const ctx = empty ? (canvas.current?.getContext('2d') ?? null) : null;
    if (ctx !== null) blank(ctx);
  }, [empty]);
  const point = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: ((event.clientX - rect.left) / rect.width) * WIDTH, y: ((event.clientY - rect.top) / rect.height) * HEIGHT };
  };
  const clear = () => {
    const ctx = context();
    if (ctx !== null) blank(ctx);
    setInked(false);
    setTyped('');
    onChange(undefined);
  };
  const confirm = () => {
    const ctx = context();
    const element = canvas.current;
    if (ctx === null || element === null) return;
    if (!inked && typed.trim() !== '') {
      blank(ctx);
      ctx.font = 'italic 48px serif';
      ctx.fillStyle = INK;
      ctx.fillText(typed.trim(), 24, HEIGHT / 2 + 16, WIDTH - 48);
    }
    element.toBlob((blob) => {
      if (blob !== null) onChange({ blob, name: 'signature.png', type: 'image/png' });
    }, 'image/png');
  };

  if (value !== undefined) {
    return (
      <div className="signature-pad">
        {preview !== null && <img src={preview} alt={t('signature.done', { label })} width={300} height={100} />}
        <IonButton fill="outline" onClick={clear}>
          {t('signature.again')}
        </IonButton>
      </div>
    );
  }
  return (
    <div className="signature-pad">
      <canvas
        ref={canvas}
        width={WIDTH}
        height={HEIGHT}
        className="signature-pad-canvas"
        role="img"
        aria-label={t('signature.area', { label })}
        onPointerEnter={holdMenus}
        onPointerLeave={releaseMenus}
        onPointerDown={(event) => {
          holdMenus();
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
        onLostPointerCapture={releaseMenus}
      />
      <label htmlFor={nameId} className="signature-pad-typed">
        {t('signature.typed')}
        <input id={nameId} type="text" value={typed} disabled={inked} onChange={(event) => setTyped(event.target.value)} />
      </label>
      <div className="signature-pad-actions">
        <IonButton onClick={confirm} disabled={!inked && typed.trim() === ''}>
          {t('signature.confirm')}
        </IonButton>
        <IonButton fill="outline" onClick={clear}>
          {t('signature.clear')}
        </IonButton>
      </div>
    </div>
  );
}
