/**
 * A signature as it was drawn: the whole picture (a wide PNG), on white like the paper it
 * stands for, at most the pad's half size, never cropped to a thumbnail's square. From the
 * server (`src`, fetched with the token) or, while its record waits in the outbox, from the
 * device (`blob`). Every sheet that shows a signature uses this one.
 */
import { useEffect, useState } from 'react';
import { useApiImage } from '../lib/api-images';
import './signature-pad.css';

export interface SignatureImageProps {
  /** The signature's API address (the attachment's url). */
  src?: string | null;
  /** Its bytes on the device, before it is sent. */
  blob?: Blob | null;
  /** What it is, for those who do not see it ("Signature of …"). */
  label: string;
}

function useBlobUrl(blob: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return undefined;
    const objectUrl = URL.createObjectURL(blob);
    setUrl(objectUrl);
    return () => {
      URL.revokeObjectURL(objectUrl);
      setUrl(null);
    };
  }, [blob]);
  return url;
}

export function SignatureImage({ src = null, blob = null, label }: SignatureImageProps) {
  const fetched = useApiImage(blob ? null : src);
  const local = useBlobUrl(blob);
  const url = local ?? fetched;
  return <span className="signature-image">{url === null ? <span className="signature-image-pending" role="img" aria-label={label} /> : <img src={url} alt={label} />}</span>;
}
