import { useState } from 'react';
import { switchScope } from '../../../session/page/switching';
import type { RefreshParams } from '../../../session/core/refresh';
import { toast } from '../../../components/toast/toast';

/**
 * One switch at a time from the chrome. A tenant switch goes to /landing, an organisation-group or
 * role switch reloads (session/page/switching); a role choice that changed nothing reloads here when
 * asked (`reloadOnSameScope`). Failures keep everything as it was.
 */
export function useScopeSwitch() {
  const [busy, setBusy] = useState(false);
  async function run(params: RefreshParams, reloadOnSameScope = false) {
    if (busy) return;
    setBusy(true);
    try {
      const outcome = await switchScope(params);
      if (outcome === 'refused' || outcome === 'unreachable') {
        toast.error({ titleKey: 'SwitchFailed' });
        setBusy(false);
      } else if (outcome === 'same-scope') {
        if (reloadOnSameScope) location.reload();
        else setBusy(false);
      }
      // 'tenant', 'orggroup' and 'role': the page is leaving; stay busy until it does.
    } catch {
      toast.error({ titleKey: 'SwitchFailed' });
      setBusy(false);
    }
  }
  return { busy, run };
}
