import { useState } from 'react';
import { Menu } from '@ark-ui/react/menu';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from '../../../state/jotai';
import { ArkDirection } from '../../../components/direction/arkDirection';
import { currentUserAtom, productVersionAtom } from '../../../lib/state/signedInState';
import { appBuild } from '../../../build';
import { sessionAtom } from '../../../session/page/sessionAtoms';
import { LanguageMenuGroup } from '../../preferences/LanguageMenu';
import { PreferencesDialogHost, preloadPreferences } from '../../preferences/PreferencesDialogHost';
import { ThemeMenuGroup } from '../ThemeMenu';
import { RoleMenuGroup } from './RoleSwitch';
import { UserButtonContent, userMenuLabel } from './UserMenu';
import { useMenuStart, type MenuStart } from './deferredMenu';

/**
 * The avatar menu (its code, loaded after the first screen; UserMenu stands in until then): who is signed in (name, e-mail, product version, build), the member's own
 * settings (date and time preferences, role, language, theme) and Sign out, like the personal menu
 * of GitHub's or Atlassian's top bar. Ark's Menu gives the keyboard model and the ARIA roles; it
 * stays inside the banner landmark (no portal).
 */
export function UserMenuContent({ onSignOut, start }: { onSignOut: () => void; start: MenuStart }) {
  const { t } = useTranslation();
  const user = useAtomValue(currentUserAtom);
  const session = useAtomValue(sessionAtom);
  const version = useAtomValue(productVersionAtom);
  const { trigger, open, setOpen } = useMenuStart(start);
  const [preferences, setPreferences] = useState(false);
  const name = user?.FullName ?? session.userName;
  const email = user?.Email ?? session.claims?.email ?? '';
  return (
    <ArkDirection>
      <Menu.Root
        open={open}
        onOpenChange={(details) => {
          setOpen(details.open);
          if (details.open) preloadPreferences();
        }}
        onSelect={({ value }) => {
          if (value === 'sign-out') onSignOut();
          else if (value === 'preferences') setPreferences(true);
        }}
      >
        <Menu.Trigger ref={trigger} className="chrome__trigger chrome__user" data-chrome-control="user-menu" aria-label={userMenuLabel(t, name)}>
          <UserButtonContent user={user} name={name} />
        </Menu.Trigger>
        <Menu.Positioner>
          <Menu.Content className="chrome__menu chrome__menu--user">
            <div className="chrome__menu-header">
              <strong className="chrome__menu-name">{name}</strong>
              {email && <span className="chrome__muted">{email}</span>}
              <span className="chrome__muted" data-testid="product-version">
                {t('AppVersion', { version })}
              </span>
              <span className="chrome__muted" data-testid="shell-build">
                {t('ShellBuild', { build: appBuild })}
              </span>
            </div>
            <Menu.Separator className="chrome__separator" />
            <Menu.Item value="preferences" className="chrome__menu-item" aria-haspopup="dialog">
              <span className="chrome__check" aria-hidden="true" />
              {t('Preferences')}
            </Menu.Item>
            <RoleMenuGroup />
            <LanguageMenuGroup />
            <ThemeMenuGroup />
            <Menu.Separator className="chrome__separator" />
            <Menu.Item value="sign-out" className="chrome__menu-item">
              <span className="chrome__check" aria-hidden="true" />
              {t('SignOut')}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Menu.Root>
      <PreferencesDialogHost open={preferences} onClose={() => setPreferences(false)} finalFocus={() => trigger.current} />
    </ArkDirection>
  );
}

export default UserMenuContent;
