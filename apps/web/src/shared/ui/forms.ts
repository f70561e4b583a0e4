import type { BaseSyntheticEvent } from 'react';
import type { FieldValues, SubmitHandler, UseFormReturn } from 'react-hook-form';

/**
 * A form's submit (or a button's click) handler that runs `onValid` once react-hook-form has validated the fields.
 * `handleSubmit` returns a promise, which React drops: its rejection would go unhandled. Here it is awaited by no one
 * on purpose, and said so (`void`), and the handler's own errors surface through the mutation it calls.
 */
export function onValidSubmit<T extends FieldValues>(form: Pick<UseFormReturn<T>, 'handleSubmit'>, onValid: SubmitHandler<T>) {
  return (event?: BaseSyntheticEvent) => void form.handleSubmit(onValid)(event);
}
