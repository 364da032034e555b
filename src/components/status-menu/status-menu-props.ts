/** StatusMenu's props, shared by the button (./status-menu.tsx) and the Radix menu behind it (./status-menu-popup.tsx). */
interface StatusMenuOption<TStatus extends string> {
  readonly status: TStatus;
  readonly disabled: boolean;
}

export interface StatusMenuProps<TStatus extends string> {
  readonly options: readonly StatusMenuOption<TStatus>[];
  readonly labels: Readonly<Record<TStatus, string>>;
  readonly onChoose: (status: TStatus) => void;
  readonly disabled?: boolean;
  readonly busy?: boolean;
  readonly label?: string;
  readonly variant?: 'primary' | 'secondary';
}
