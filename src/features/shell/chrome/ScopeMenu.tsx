import { deferredMenu } from './deferredMenu';

export interface ScopeOption {
  value: string;
  label: string;
}

export interface ScopeMenuProps {
  /** Accessible name of the menu button, e.g. "Switch role". */
  label: string;
  /** The visible caption (the current value's name). */
  caption: string;
  /** The level's visible label (shown in the phone's scope panel; the breadcrumb hides it). */
  level?: string;
  value: string | null;
  options: readonly ScopeOption[];
  busy: boolean;
  onChoose: (value: string) => void;
  testId?: string;
  /** Which of the bar's controls it is (firstPaint/page/clickForwarder). */
  control?: string;
}

const LoadedScopeMenu = deferredMenu<ScopeMenuProps>(() => import('./ScopeMenuContent.chunk').then((m) => m.ScopeMenuContent));

/** The button's caption and chevron, the same before and after the menu's code has loaded. */
export function ScopeButtonContent({ caption, level }: { caption: string; level?: string | undefined }) {
  return (
    <>
      {level && <span className="scope__level">{level}</span>}
      <span className="chrome__caption">{caption}</span>
      <span aria-hidden="true" className="chrome__chevron">
        ▾
      </span>
    </>
  );
}

/**
 * A menu button with one radio item per choice (ScopeMenuContent, Ark's Menu), its code loaded
 * after the first screen; a button that looks the same stands in until then.
 */
export function ScopeMenu(props: ScopeMenuProps) {
  const { label, caption, level, busy, testId, control } = props;
  return (
    <LoadedScopeMenu
      {...props}
      standIn={{ className: 'chrome__trigger', label: `${label}: ${caption}`, disabled: busy, testId, control, children: <ScopeButtonContent caption={caption} level={level} /> }}
    />
  );
}
