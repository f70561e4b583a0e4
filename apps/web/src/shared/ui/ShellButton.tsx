import type { ButtonHTMLAttributes } from 'react';

export type ShellButtonVariant = 'contained' | 'inherit' | 'icon';

/** The class names of a shell button (base.css), for a link that looks like one. */
export function shellButtonClass(variant: ShellButtonVariant = 'inherit', className?: string): string {
  return ['bjk-button', variant !== 'inherit' && `bjk-button--${variant}`, className].filter(Boolean).join(' ');
}

type Props = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ShellButtonVariant };

/**
 * The shell's buttons (app bar, error pages): a native button with MUI-like static styles (shared/ui/base.css). MUI's
 * Button brings emotion, ripples and transitions the home page never uses (decision 0003); pages behind lazy routes
 * use MUI's Button as usual.
 */
export function ShellButton({ variant = 'inherit', className, ...props }: Props) {
  return <button type="button" {...props} className={shellButtonClass(variant, className)} />;
}
