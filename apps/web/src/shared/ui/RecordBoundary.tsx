import { Component, type ReactNode } from 'react';
import { HttpError } from '../http';
import { MissingRecord } from './MissingRecord';

type Props = {
  children: ReactNode;
  /** The list the record is opened from, and the link's text (as `MissingRecord`). */
  backTo: string;
  backLabel: string;
};

/**
 * Around an edit page's editor that loads its record with a suspense query: a record the server does not
 * know (404) or an id it cannot read (400) is shown as a missing record with the way back to the list,
 * not as the site's error page. Any other failure goes on to the page's error boundary.
 */
export class RecordBoundary extends Component<Props, { error: unknown }> {
  state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (error instanceof HttpError && (error.status === 404 || error.status === 400)) {
      return <MissingRecord error={error} backTo={this.props.backTo} backLabel={this.props.backLabel} />;
    }
    // Not a missing record: the page's own error boundary shows it.
    throw error;
  }
}
