import { Menu } from '@ark-ui/react/menu';
import { ArkDirection } from '../../../components/direction/direction';

export interface ScopeOption {
  value: string;
  label: string;
}

interface ScopeMenuProps {
  /** Accessible name of the menu button, e.g. "Switch role". */
  label: string;
  /** The visible caption (the current value's name). */
  caption: string;
  value: string | null;
  options: readonly ScopeOption[];
  busy: boolean;
  onChoose: (value: string) => void;
  testId?: string;
}

/**
 * A menu button with one radio item per choice (organisation group, role): Ark's Menu gives the
 * keyboard model (arrows, Home/End, typeahead, Escape back to the button) and the ARIA roles. The
 * menu stays inside the banner landmark (no portal), so every part of the page is in a landmark.
 */
export function ScopeMenu({ label, caption, value, options, busy, onChoose, testId }: ScopeMenuProps) {
  return (
    <ArkDirection>
      <Menu.Root>
        <Menu.Trigger className="chrome__trigger" aria-label={`${label}: ${caption}`} disabled={busy} data-testid={testId}>
          <span className="chrome__caption">{caption}</span>
          <span aria-hidden="true" className="chrome__chevron">
            ▾
          </span>
        </Menu.Trigger>
        <Menu.Positioner>
          <Menu.Content className="chrome__menu">
            <Menu.RadioItemGroup value={value ?? ''} onValueChange={({ value: chosen }) => chosen !== value && onChoose(chosen)}>
              <Menu.ItemGroupLabel className="chrome__menu-label">{label}</Menu.ItemGroupLabel>
              {options.map((option) => (
                <Menu.RadioItem key={option.value} value={option.value} className="chrome__menu-item">
                  <Menu.ItemIndicator className="chrome__check" aria-hidden="true">✓</Menu.ItemIndicator>
                  <Menu.ItemText>{option.label}</Menu.ItemText>
                </Menu.RadioItem>
              ))}
            </Menu.RadioItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Menu.Root>
    </ArkDirection>
  );
}
