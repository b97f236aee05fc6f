// STUB
/**
 * Stub of the attachments engineer's photo picker; replaced at merge. It hands back the picked
 * files; `resize: false` keeps the original (panoramas must not shrink).
 */
import { useId } from 'react';

export interface PickedPhoto {
  blob: Blob;
  name: string;
  type: string;
  takenAt: string | null;
  gps: { lat: number; lng: number } | null;
}

export interface PhotoPickerProps {
  onPicked: (photos: PickedPhoto[]) => void;
  resize?: boolean;
  multiple?: boolean;
  label?: string;
}

export function PhotoPicker({ onPicked, multiple = false, label = 'Choose a photo' }: PhotoPickerProps) {
  const id = useId();
  return (
    <label htmlFor={id}>
      {label}
      <input
        id={id}
        type="file"
        accept="image/*"
        multiple={multiple}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          onPicked(files.map((file) => ({ blob: file, name: file.name, type: file.type, takenAt: null, gps: null })));
        }}
      />
    </label>
  );
}
