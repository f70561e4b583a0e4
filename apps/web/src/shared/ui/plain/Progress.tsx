import './plain.css';

/**
 * MUI's determinate LinearProgress in plain elements (`plain.css`): a 4 px bar with role=progressbar, its value
 * (0–100) in aria-valuenow; `label` is its accessible name. Without a value, the indeterminate one (a bar that runs
 * while something of unknown length goes on, an upload) and no aria-valuenow.
 */
export function Progress({ value, label }: { value?: number; label: string }) {
  if (value === undefined) {
    return (
      <div className="bjk-progress" role="progressbar" aria-label={label}>
        <div className="bjk-progress-bar bjk-progress-bar--running" />
      </div>
    );
  }
  const percent = Math.min(100, Math.max(0, value));
  return (
    <div className="bjk-progress" role="progressbar" aria-label={label} aria-valuenow={Math.round(percent)} aria-valuemin={0} aria-valuemax={100}>
      {/* The bar's position is the value itself, so it is the one inline style (MUI sets the same transform). */}
      <div className="bjk-progress-bar" style={{ transform: `translateX(${percent - 100}%)` }} />
    </div>
  );
}
