import { useEffect } from 'react';
import { appStore, useAtomValue } from '../../state/jotai';
import { sessionAtom } from '../../session/page/sessionAtoms';
import { loadUserDateTimePreferences } from '../../lib/preferences/dateTimePreferences';
import { nextTask } from '../../lib/nextTask';

/**
 * On entering the signed-in area (and for another member or tenant): the member's date and time
 * formats, with their fall-backs on failure. (The member's translations and language load in the
 * main guard, with the signed-in state.)
 */
export function useSignedInPreferences(): void {
  const { claims } = useAtomValue(sessionAtom);
  const member = claims ? `${claims.tenantGuid}:${claims.guid}` : null;
  useEffect(() => {
    if (!member) return;
    const current = appStore.get(sessionAtom).claims;
    // In a task of its own, not in the one that runs the first screen's effects (already long).
    void nextTask().then(() => loadUserDateTimePreferences(current));
  }, [member]);
}
