import type { ReactNode } from 'react';
import { ErrorAlert } from '../ui/ErrorAlert';

/**
 * Under a form: why its submit failed (the mutation's error, as a submit's), or once it succeeded, `success` (a
 * notice; `false` or nothing when the form says nothing then, or not yet).
 */
export function MutationStatus({ mutation, success }: { mutation: { error: unknown; isSuccess: boolean }; success?: ReactNode }) {
  if (mutation.error) return <ErrorAlert error={mutation.error} submit />;
  return mutation.isSuccess ? success : null;
}
