import { Menu } from '@ark-ui/react/menu';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from '../../../state/jotai';
import { currentUserAtom } from '../../../lib/state/signedInState';
import { sessionAtom } from '../../../session/page/sessionAtoms';
import { useScopeSwitch } from './useScopeSwitch';

/**
 * The member's roles (refresh with role_id and switchRole=true, SPEC §6), a radio group inside the
 * avatar menu; shown only with several. The contract has no roles list: the roles come from the
 * optional CurrentUser.Roles field, so a platform that does not send it simply shows no role switch.
 */
export function RoleMenuGroup() {
  const { t } = useTranslation();
  const user = useAtomValue(currentUserAtom);
  const { claims } = useAtomValue(sessionAtom);
  const { busy, run } = useScopeSwitch();
  const roles = user?.Roles ?? [];
  if (roles.length < 2) return null;
  const current = roles.find((r) => r.Name === claims?.role);
  return (
    <Menu.RadioItemGroup value={current?.Id ?? ''} onValueChange={({ value }) => value !== current?.Id && void run({ role_id: value, switchRole: 'true' }, true)}>
      <Menu.ItemGroupLabel className="chrome__menu-label" data-testid="role-switch">
        {t('Role')}
      </Menu.ItemGroupLabel>
      {roles.map((role) => (
        <Menu.RadioItem key={role.Id} value={role.Id} className="chrome__menu-item" disabled={busy}>
          <Menu.ItemIndicator className="chrome__check" aria-hidden="true">✓</Menu.ItemIndicator>
          <Menu.ItemText>{role.Name}</Menu.ItemText>
        </Menu.RadioItem>
      ))}
    </Menu.RadioItemGroup>
  );
}
