import { useTranslation } from 'react-i18next';
import { useAtomValue } from '../../../state/jotai';
import { currentUserAtom, type CurrentUser } from '../../../lib/state/signedInState';
import { sessionAtom } from '../../../session/page/sessionAtoms';
import { deferredMenu } from './deferredMenu';

const LoadedUserMenu = deferredMenu<{ onSignOut: () => void }>(() => import('./UserMenuContent.chunk').then((m) => m.UserMenuContent));

export const userMenuLabel = (t: (key: string) => string, name: string) => `${t('UserMenu')}: ${name}`;

/** The avatar menu's button: initials, the member's name, a chevron. */
export function UserButtonContent({ user, name }: { user: CurrentUser | null; name: string }) {
  return (
    <>
      <span className="chrome__avatar" aria-hidden="true">
        {initials(user?.FirstName, user?.LastName, name)}
      </span>
      <span className="chrome__caption chrome__user-name" data-testid="user-name">
        {name}
      </span>
      <span aria-hidden="true" className="chrome__chevron">
        ▾
      </span>
    </>
  );
}

/**
 * The avatar menu (UserMenuContent). The member's name is part of the first screen; the menu's
 * code is not: a button that looks the same stands in until it has loaded.
 */
export function UserMenu({ onSignOut }: { onSignOut: () => void }) {
  const { t } = useTranslation();
  const user = useAtomValue(currentUserAtom);
  const session = useAtomValue(sessionAtom);
  const name = user?.FullName ?? session.userName;
  return (
    <LoadedUserMenu
      onSignOut={onSignOut}
      standIn={{ className: 'chrome__trigger chrome__user', control: 'user-menu', label: userMenuLabel(t, name), children: <UserButtonContent user={user} name={name} /> }}
    />
  );
}

function initials(first: string | undefined, last: string | undefined, fallback: string): string {
  const letters = first && last ? `${first.charAt(0)}${last.charAt(0)}` : fallback.charAt(0);
  return letters.toLocaleUpperCase();
}
