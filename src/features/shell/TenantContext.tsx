import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { LazyConfirmDialog } from '../../components/dialog/lazyDialogs';
import { getValidated } from '../../pipeline/page/getValidated';
import { switchScope } from '../../session/page/switching';
import { useAtomValue } from '../../state/jotai';
import { sessionAtom } from '../../session/page/sessionAtoms';
import { paths } from '../../config/paths';

const tenantContextSchema = z.lazy(() => z.object({ Id: z.string() }));

/** GET tenants/context; any failure is "false": no switch, the app carries on (SPEC §4). */
async function resolveContext(context: string, version: string): Promise<string | null> {
  const query = new URLSearchParams({ context, contextVersion: version });
  return (await getValidated(`/api/access/v1/tenants/context?${query.toString()}`, tenantContextSchema))?.Id ?? null;
}

/**
 * SPEC §2/§4 URL context: a link may carry context and contextVersion. Version 2 switches without
 * asking; otherwise a different tenant is confirmed first. Both parameters then leave the address bar.
 */
export function TenantContext() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const session = useAtomValue(sessionAtom);
  const [pending, setPending] = useState<{ context: string; version: string } | null>(null);

  const params = new URLSearchParams(location.search);
  const context = params.get('context');
  const version = params.get('contextVersion');
  const currentTenant = session.claims?.tenantGuid;

  useEffect(() => {
    if (!context || !version || !/^\d+$/.test(version)) return;
    const clean = new URLSearchParams(location.search);
    clean.delete('context');
    clean.delete('contextVersion');
    const removeParams = () => void navigate({ pathname: location.pathname, search: clean.size ? `?${clean}` : '', hash: location.hash }, { replace: true });
    let alive = true;
    void (async () => {
      const tenantId = await resolveContext(context, version);
      if (!alive) return;
      removeParams();
      if (!tenantId || tenantId === currentTenant) return;
      if (version === '2') await switchScope({ context, contextVersion: version });
      else setPending({ context, version });
    })();
    return () => {
      alive = false;
    };
  }, [context, version, currentTenant, location.pathname, location.search, location.hash, navigate]);

  return (
    <LazyConfirmDialog
      open={pending !== null}
      tone="warning"
      title={t('TenantContextChangeTitle')}
      message={t('TenantContextChangeMessage')}
      onResult={(result) => {
        const chosen = pending;
        setPending(null);
        if (result === true && chosen) void switchScope({ context: chosen.context, contextVersion: chosen.version });
        else void navigate(paths.landing);
      }}
    />
  );
}
