import { ICONS, type IconName } from './icons';

/**
 * A Material icon as plain SVG (`icons.ts`), decorative unless it has a `title`; `fontSize` follows MUI's sizes
 * (small 20 px, medium 24 px).
 */
export function Icon({ name, size = 24, title }: { name: IconName; size?: number; title?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="currentColor"
      focusable="false"
      aria-hidden={title ? undefined : true}
      role={title ? 'img' : undefined}
    >
      {title && <title>{title}</title>}
      <path d={ICONS[name]} />
    </svg>
  );
}
