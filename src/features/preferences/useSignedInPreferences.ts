import { useEffect } from 'react';
import { appStore, useAtomValue } from '../../state/jotai';
import { sessionAtom } from '../../lib/session/sessionAtoms';
import { loadSignedInTranslations } from '../../lib/i18n/signedInTranslations';
import { loadUserDateTimePreferences } from '../../lib/preferences/dateTimePreferences';

/**
 * On entering the signed-in area (and for another member or tenant): the member's translations
 * and language, and their date and time formats. Both take their fall-backs on failure.
 */
export function useSignedInPreferences(): void {
  const { claims } = useAtomValue(sessionAtom);
  const member = claims ? `${claims.tenantGuid}:${claims.guid}` : null;
  useEffect(() => {
    if (!member) return;
    const current = appStore.get(sessionAtom).claims;
    void loadSignedInTranslations(current);
    void loadUserDateTimePreferences(current);
  }, [member]);
}
