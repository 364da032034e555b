import { Slot } from '@radix-ui/react-slot';
import type { ComponentProps } from 'react';
import { cx } from './cx';

type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'accent';
type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

export interface ButtonProps extends ComponentProps<'button'> {
  readonly asChild?: boolean;
  readonly variant?: ButtonVariant;
  readonly size?: ButtonSize;
}

export function Button({ asChild = false, variant = 'primary', size = 'md', className, type, ...props }: ButtonProps) {
  const Component = asChild ? Slot : 'button';
  return (
    <Component
      data-slot="button"
      data-variant={variant}
      data-size={size}
      className={cx('button', className)}
      type={asChild ? undefined : (type ?? 'button')}
      {...props}
    />
  );
}
