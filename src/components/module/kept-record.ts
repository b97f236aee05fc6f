/**
 * The record a sheet shows, kept while its first read is on the way: a record created on this
 * device goes from its pending copy (the outbox overlay) to the server's once its create is
 * delivered, and between the two (the copy gone, the read not back yet) the sheet keeps what it
 * showed instead of blinking to a spinner.
 */
import { useEffect, useRef } from 'react';

export function useKeptRecord<T>(record: T | undefined, reading: boolean): T | undefined {
  const last = useRef<T | undefined>(undefined);
  useEffect(() => {
    if (record !== undefined) last.current = record;
  });
  // Read in render on purpose, only as the fallback of the few renders between the copy and the
  // read; the effect above keeps it to the last record shown.
  // eslint-disable-next-line react-hooks/refs
  return record ?? (reading ? last.current : undefined);
}
