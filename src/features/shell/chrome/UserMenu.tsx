import { Menu } from '@ark-ui/react/menu';
import { useTranslation } from 'react-i18next';
import { useAtomValue } from '../../../state/jotai';
import { ArkDirection } from '../../../components/direction/direction';
import { currentUserAtom, productVersionAtom } from '../../../lib/state/signedInState';
import { appBuild } from '../../../build';
import { sessionAtom } from '../../../lib/session/sessionAtoms';

/** The member's name, e-mail, the product version and Sign out. */
export function UserMenu({ onSignOut }: { onSignOut: () => void }) {
  const { t } = useTranslation();
  const user = useAtomValue(currentUserAtom);
  const session = useAtomValue(sessionAtom);
  const version = useAtomValue(productVersionAtom);
  const name = user?.FullName ?? session.userName;
  const email = user?.Email ?? session.claims?.email ?? '';
  return (
    <ArkDirection>
      <Menu.Root onSelect={({ value }) => value === 'sign-out' && onSignOut()}>
        <Menu.Trigger className="chrome__trigger chrome__user" aria-label={`${t('UserMenu')}: ${name}`}>
          <span className="chrome__avatar" aria-hidden="true">
            {initials(user?.FirstName, user?.LastName, name)}
          </span>
          <span className="chrome__caption" data-testid="user-name">
            {name}
          </span>
          <span aria-hidden="true" className="chrome__chevron">
            ▾
          </span>
        </Menu.Trigger>
        <Menu.Positioner>
          <Menu.Content className="chrome__menu">
            <div className="chrome__menu-header">
              <strong>{name}</strong>
              {email && <span className="chrome__muted">{email}</span>}
              <span className="chrome__muted" data-testid="product-version">
                {t('AppVersion', { version })}
              </span>
              <span className="chrome__muted" data-testid="shell-build">
                {t('ShellBuild', { build: appBuild })}
              </span>
            </div>
            <Menu.Separator className="chrome__separator" />
            <Menu.Item value="sign-out" className="chrome__menu-item">
              {t('SignOut')}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Menu.Root>
    </ArkDirection>
  );
}

function initials(first: string | undefined, last: string | undefined, fallback: string): string {
  const letters = first && last ? `${first.charAt(0)}${last.charAt(0)}` : fallback.charAt(0);
  return letters.toLocaleUpperCase();
}
