import { Menu } from '@ark-ui/react/menu';
import { ArkDirection } from '../../../components/direction/arkDirection';
import { useMenuStart, type MenuStart } from './deferredMenu';
import { ScopeButtonContent, type ScopeMenuProps } from './ScopeMenu';

/**
 * ScopeMenu's code, loaded after the first screen. A menu button with one radio item per choice
 * (organisation group, role): Ark's Menu gives the keyboard model (arrows, Home/End, typeahead, Escape back to the button) and the ARIA roles. The
 * menu stays inside the banner landmark (no portal), so every part of the page is in a landmark.
 */
export function ScopeMenuContent({ label, caption, level, value, options, busy, onChoose, testId, control, start }: ScopeMenuProps & { start: MenuStart }) {
  const { trigger, open, setOpen } = useMenuStart(start);
  return (
    <ArkDirection>
      <Menu.Root open={open} onOpenChange={(details) => setOpen(details.open)}>
        <Menu.Trigger ref={trigger} className="chrome__trigger" aria-label={`${label}: ${caption}`} disabled={busy} data-testid={testId} data-chrome-control={control}>
          <ScopeButtonContent caption={caption} level={level} />
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

export default ScopeMenuContent;
