import { useCallback, useState } from 'react';
import { readStorage, writeStorage } from '../../lib/storage-keys';

/** The child last picked on this device: the next visit starts with them. */
const SELECTED_CHILD_KEY = 'video-child';

function stored(): number | null {
  const value = Number(readStorage(SELECTED_CHILD_KEY));
  return Number.isInteger(value) && value > 0 ? value : null;
}

export function useSelectedChild(): [number | null, (childId: number) => void] {
  const [childId, setChildId] = useState(stored);
  const select = useCallback((id: number) => {
    writeStorage(SELECTED_CHILD_KEY, String(id));
    setChildId(id);
  }, []);
  return [childId, select];
}
