import Button from '@mui/material/Button';
import { useRef, type ReactNode } from 'react';

/**
 * A button that opens the file chooser: the chosen file goes to `onFile`, and choosing the same file again reads it
 * again. The (hidden) input is named by the button's text.
 */
export function FileButton({
  label,
  accept,
  testId,
  disabled,
  startIcon,
  onFile,
}: {
  label: string;
  accept: string;
  /** `data-testid` of the input (tests set its files). */
  testId: string;
  disabled?: boolean;
  startIcon?: ReactNode;
  onFile: (file: File) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button variant="outlined" startIcon={startIcon} disabled={disabled} onClick={() => input.current?.click()}>
        {label}
      </Button>
      <input
        ref={input}
        hidden
        type="file"
        accept={accept}
        data-testid={testId}
        aria-label={label}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onFile(file);
          event.target.value = '';
        }}
      />
    </>
  );
}
