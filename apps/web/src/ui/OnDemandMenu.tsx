import { Menu, type MenuProps } from '@mantine/core';
import { cloneElement, type ReactElement, type ReactNode, useRef, useState } from 'react';

type TargetProps = {
  onClick?: (event: React.MouseEvent) => void;
  onKeyDown?: (event: React.KeyboardEvent) => void;
  ref?: React.Ref<HTMLElement>;
};

/**
 * A row's action menu that costs nothing until it is used: a list of 20 rows with a Mantine Menu each mounts 20
 * popovers (floating-ui, transitions, focus traps) on first paint. Until the first click (or Enter, Space, Arrow
 * down) only the trigger is drawn; then the real Menu takes its place, already open, and stays.
 * `target` is the trigger button (it needs an accessible name); `children` are the Menu.Items.
 */
export function OnDemandMenu({
  target,
  children,
  ...menuProps
}: Omit<MenuProps, 'children' | 'opened' | 'defaultOpened'> & {
  target: ReactElement<TargetProps>;
  children: ReactNode;
}) {
  const [armed, setArmed] = useState(false);
  const trigger = useRef<HTMLElement>(null);

  if (!armed) {
    return cloneElement(target, {
      'aria-haspopup': 'menu',
      'aria-expanded': false,
      onClick: () => setArmed(true),
      onKeyDown: (event: React.KeyboardEvent) => {
        if (event.key === 'ArrowDown') {
          event.preventDefault();
          setArmed(true);
        }
      },
    } as TargetProps);
  }
  return (
    <Menu
      defaultOpened
      {...menuProps}
      onClose={() => {
        // The first trigger was replaced by this one when the menu was armed, so the menu's own focus return
        // has nothing to go back to on the first close.
        trigger.current?.focus({ preventScroll: true });
        menuProps.onClose?.();
      }}
    >
      <Menu.Target>{cloneElement(target, { ref: trigger })}</Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}
