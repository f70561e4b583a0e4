import type { ReactNode } from 'react';
import type { Action } from '../../data/action';
import { ErrorNotice } from './ErrorNotice';
import { Notice } from './Notice';

/** What an action's last run came to: its failure in words, or the success notice (with its test id). */
export function ActionStatus({ action, success, successTestId }: { action: Omit<Action<[]>, 'run'>; success?: ReactNode; successTestId?: string }) {
  return (
    <>
      {action.isError && <ErrorNotice error={action.error} submit />}
      {action.isSuccess && success !== undefined && (
        <Notice severity="success" testId={successTestId}>
          {success}
        </Notice>
      )}
    </>
  );
}

type ActionFormProps = {
  /** The action the form's submit runs (a run under way disables the button). */
  action: Action<[]>;
  className: string;
  /** The submit button's text, test id, and what else keeps it disabled (a required choice not made). */
  submit: ReactNode;
  submitTestId?: string;
  incomplete?: boolean;
  success: ReactNode;
  successTestId?: string;
  children: ReactNode;
};

/**
 * A public page's form that runs one action: its fields, then the outcome (failure or success notice) and the
 * contained submit button. No library: the submit runs the action, the browser's checks of required fields first.
 */
export function ActionForm({ action, className, submit, submitTestId, incomplete = false, success, successTestId, children }: ActionFormProps) {
  return (
    <form
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        action.run();
      }}
    >
      {children}
      <ActionStatus action={action} success={success} successTestId={successTestId} />
      <button type="submit" className="bjk-button bjk-button--contained" disabled={action.isPending || incomplete} data-testid={submitTestId}>
        {submit}
      </button>
    </form>
  );
}
