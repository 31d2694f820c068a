/**
 * The data of a query, or while its next key loads, the last data seen for the same id: a rolling
 * window that moves on by a minute keeps its board on screen instead of flashing "Loading".
 */
import { useEffect, useState } from 'react';

export function useLastFor<T>(id: string, data: T | undefined): T | undefined {
  const [last, setLast] = useState<{ id: string; data: T } | null>(null);
  useEffect(() => {
    if (data !== undefined) setLast({ id, data });
  }, [id, data]);
  if (data !== undefined) return data;
  return last && last.id === id ? last.data : undefined;
}
