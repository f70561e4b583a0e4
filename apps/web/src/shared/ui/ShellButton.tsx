import type { ButtonHTMLAttributes } from 'react';

export type ShellButtonVariant = 'contained' | 'outlined' | 'text' | 'inherit' | 'icon';

export type ShellButtonSize = 'small' | 'medium' | 'large';

/** The class names of a shell button (base.css), for a link that looks like one. */
export function shellButtonClass(variant: ShellButtonVariant = 'inherit', className?: string, size: ShellButtonSize = 'medium'): string {
  return ['bjk-button', variant !== 'inherit' && `bjk-button--${variant}`, size !== 'medium' && `bjk-button--${size}`, className].filter(Boolean).join(' ');
}

type Props = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ShellButtonVariant;
  size?: ShellButtonSize;
  /** `success`: MUI's contained Button color="success", for the one action that settles a form (a confirmation). */
  color?: 'primary' | 'success';
};

/**
 * The buttons of the shell and of pages drawn without MUI (app bar, error pages, `shared/ui/plain`): a native button with MUI-like static styles (shared/ui/base.css). MUI's
 * Button brings emotion, ripples and transitions the home page never uses (decision 0003); pages behind lazy routes
 * use MUI's Button as usual.
 */
export function ShellButton({ variant = 'inherit', size = 'medium', color = 'primary', className, ...props }: Props) {
  const colour = color === 'success' ? 'bjk-button--success' : undefined;
  return <button type="button" {...props} className={shellButtonClass(variant, [colour, className].filter(Boolean).join(' ') || undefined, size)} />;
}
