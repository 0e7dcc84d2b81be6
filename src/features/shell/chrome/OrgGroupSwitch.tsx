import { useTranslation } from 'react-i18next';
import { useAtomValue } from '../../../state/jotai';
import { currentTenantAtom } from '../../../lib/state/signedInState';
import { sessionAtom } from '../../../session/page/sessionAtoms';
import { ScopeMenu } from './ScopeMenu';
import { useScopeSwitch } from './useScopeSwitch';

/** The organisation groups of the current tenant; shown only when there is a choice. */
export function OrgGroupSwitch() {
  const { t } = useTranslation();
  const tenant = useAtomValue(currentTenantAtom);
  const { claims } = useAtomValue(sessionAtom);
  const { busy, run } = useScopeSwitch();
  const groups = tenant?.OrgGroups ?? [];
  if (groups.length < 2) return null;
  const current = groups.find((g) => g.Id === claims?.orgGroupGuid);
  return (
    <ScopeMenu
      label={t('SwitchOrganisationGroup')}
      caption={current?.Name ?? t('OrganisationGroup')}
      level={t('OrganisationGroup')}
      value={current?.Id ?? null}
      options={groups.map((g) => ({ value: g.Id, label: g.Name }))}
      busy={busy}
      onChoose={(id) => void run({ orggroup_id: id })}
      testId="orggroup-switch"
      control="orggroup"
    />
  );
}
