/**
 * The code scanner, shared by the screens that read codes (the inventory's scan, audit and
 * stock counts; the outside companies' sign-in register): the phone's back camera read
 * continuously (a bulk scan: each code once within a short window, with a beep and a
 * vibration), the torch where the camera has one, a photo to read instead (a device without
 * camera permission, a code far away), and the code typed by hand (`typed: false` leaves it to
 * the screen's own field). The decoder (./decoder.ts, a chunk of its own) is loaded when first
 * needed. Its words are the common namespace's `scanner.*`.
 */
import { IonButton } from '@ionic/react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Decoder } from './decoder';
import './scanner.css';

/** The same code again within this window is the same scan (the camera sees it many times a second). */
export const DEDUPE_MS = 2500;
/** Time between two reads of the camera's picture. */
const FRAME_INTERVAL_MS = 150;
/**
 * The width a camera frame is decoded at: 640 px reads a label held at arm's length and costs a
 * phone a tenth of a 1280 px frame (scripts/bench-scan.mjs: median 42 ms against 318 ms at 4×
 * CPU slowdown, all six formats).
 */
export const DECODE_WIDTH = 640;
/** A photo wider than this is read at this width (a phone's 12-megapixel photo took seconds). */
const PHOTO_WIDTH = 1600;

/** An image (a camera frame, a photo) drawn at most `width` wide, as the decoder reads it. */
function scaled(source: HTMLVideoElement | ImageBitmap, width: number, canvas: { current: HTMLCanvasElement | null }): ImageData | null {
  const sourceWidth = source instanceof HTMLVideoElement ? source.videoWidth : source.width;
  const sourceHeight = source instanceof HTMLVideoElement ? source.videoHeight : source.height;
  if (sourceWidth === 0 || sourceHeight === 0) return null;
  const ratio = Math.min(1, width / sourceWidth);
  canvas.current ??= document.createElement('canvas');
  const target = canvas.current;
  target.width = Math.round(sourceWidth * ratio);
  target.height = Math.round(sourceHeight * ratio);
  const context = target.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(source, 0, 0, target.width, target.height);
  return context.getImageData(0, 0, target.width, target.height);
}

export interface ScannerProps {
  /** A code read (the camera, a photo, or typed). */
  onCode: (text: string) => void;
  /** Keep reading after a code (an audit); otherwise the camera stops at the first. */
  continuous?: boolean;
  /** Offer a field to type the code (the default); false where the screen has its own. */
  typed?: boolean;
}

let decoderPromise: Promise<Decoder> | null = null;
const loadDecoder = (): Promise<Decoder> => {
  decoderPromise ??= import('./decoder').then((m) => m.createDecoder()).catch((error: unknown) => {
    decoderPromise = null;
    throw error;
  });
  return decoderPromise;
};

function feedback(): void {
  navigator.vibrate?.(60);
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 1200;
    gain.gain.value = 0.08;
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.08);
    tone.onended = () => void audio.close();
  } catch {
    // No sound where audio is not allowed: the vibration and the screen say it.
  }
}

export function Scanner({ onCode, continuous = false, typed: typing = true }: ScannerProps) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const seen = useRef(new Map<string, number>());
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const [camera, setCamera] = useState<'off' | 'starting' | 'on'>('off');
  const [torch, setTorch] = useState<{ available: boolean; on: boolean }>({ available: false, on: false });
  const [message, setMessage] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const ids = { typed: useId(), photo: useId(), status: useId() };
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  });

  const stop = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
    if (video.current) video.current.srcObject = null;
    setCamera('off');
    setTorch({ available: false, on: false });
  }, []);

  useEffect(() => stop, [stop]);

  /** A code from the camera: once within the window, with the beep. */
  const fromCamera = useCallback(
    (text: string) => {
      const now = Date.now();
      const last = seen.current.get(text);
      seen.current.set(text, now);
      if (last !== undefined && now - last < DEDUPE_MS) return;
      feedback();
      onCodeRef.current(text);
      if (!continuous) stop();
    },
    [continuous, stop],
  );

  const start = async () => {
    setMessage(null);
    setCamera('starting');
    try {
      const [decoder, media] = await Promise.all([loadDecoder(), navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } }, audio: false })]);
      stream.current = media;
      const element = video.current;
      if (!element) return;
      element.srcObject = media;
      await element.play();
      setCamera('on');
      const track = media.getVideoTracks()[0];
      const capabilities = track?.getCapabilities?.() as { torch?: boolean } | undefined;
      setTorch({ available: capabilities?.torch === true, on: false });
      const read = async () => {
        if (stream.current !== media) return;
        if (element.readyState >= 2) {
          try {
            const picture = scaled(element, DECODE_WIDTH, canvas);
            if (picture) for (const code of await decoder.detect(picture)) fromCamera(code.rawValue);
          } catch {
            // A frame the decoder could not read (the camera starting): the next one.
          }
        }
        if (stream.current === media) timer.current = setTimeout(() => void read(), FRAME_INTERVAL_MS);
      };
      void read();
    } catch (error) {
      stop();
      const denied = error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'SecurityError');
      const absent = error instanceof DOMException && (error.name === 'NotFoundError' || error.name === 'OverconstrainedError');
      setMessage(t(denied ? 'scanner.denied' : absent ? 'scanner.no_camera' : 'scanner.failed'));
    }
  };

  const toggleTorch = async () => {
    const track = stream.current?.getVideoTracks()[0];
    if (!track) return;
    const on = !torch.on;
    try {
      await track.applyConstraints({ advanced: [{ torch: on } as MediaTrackConstraintSet] });
      setTorch({ available: true, on });
    } catch {
      setTorch({ available: false, on: false });
    }
  };

  const fromPhoto = async (file: File | undefined) => {
    if (!file) return;
    setMessage(null);
    try {
      const decoder = await loadDecoder();
      const bitmap = await createImageBitmap(file);
      const picture = scaled(bitmap, PHOTO_WIDTH, canvas);
      bitmap.close();
      const codes = picture ? await decoder.detect(picture) : [];
      if (codes.length === 0) {
        setMessage(t('scanner.none_in_photo'));
        return;
      }
      feedback();
      // Every code of the photo, each once (a photo of a shelf reads several labels).
      for (const text of new Set(codes.map((c) => c.rawValue))) onCodeRef.current(text);
    } catch {
      setMessage(t('scanner.photo_failed'));
    }
  };

  return (
    <section className="code-scanner" aria-label={t('scanner.title')}>
      <div className={`code-scanner-view${camera === 'off' ? ' code-scanner-view-off' : ''}`}>
        <video ref={video} className="code-scanner-video" muted playsInline aria-label={t('scanner.camera')} />
        {camera === 'on' && <div className="code-scanner-frame" aria-hidden="true" />}
      </div>
      <div className="code-scanner-actions">
        {camera === 'off' ? (
          <IonButton onClick={() => void start()}>{t('scanner.start')}</IonButton>
        ) : (
          <IonButton fill="outline" onClick={stop} disabled={camera === 'starting'}>
            {t('scanner.stop')}
          </IonButton>
        )}
        {torch.available && (
          <IonButton fill="outline" onClick={() => void toggleTorch()} aria-pressed={torch.on}>
            {t('scanner.torch')}
          </IonButton>
        )}
        <label className="code-scanner-photo" htmlFor={ids.photo}>
          {t('scanner.photo')}
          <input
            id={ids.photo}
            type="file"
            accept="image/*"
            capture="environment"
            onChange={(event) => {
              const input = event.currentTarget;
              void fromPhoto(input.files?.[0]).finally(() => {
                input.value = '';
              });
            }}
          />
        </label>
      </div>
      {typing && (
      <form
        className="code-scanner-typed"
        onSubmit={(event) => {
          event.preventDefault();
          const text = typed.trim();
          if (!text) return;
          setTyped('');
          onCodeRef.current(text);
        }}
      >
        <label htmlFor={ids.typed}>{t('scanner.type')}</label>
        <input id={ids.typed} value={typed} onChange={(event) => setTyped(event.target.value)} autoComplete="off" inputMode="text" />
        <IonButton type="submit" fill="outline" disabled={typed.trim() === ''}>
          {t('scanner.use')}
        </IonButton>
      </form>
      )}
      <p id={ids.status} className="code-scanner-message" role="status">
        {message ?? (camera === 'on' ? t(continuous ? 'scanner.reading_bulk' : 'scanner.reading') : '')}
      </p>
    </section>
  );
}
