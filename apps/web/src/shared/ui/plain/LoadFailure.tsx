import { Component, type ReactNode } from 'react';
import { ErrorNotice } from './ErrorNotice';

/**
 * Around a part of a page that reads the resource cache (`useResource`, which suspends and throws a failed load):
 * a failed load is shown in words in its place (`ErrorNotice`), and the rest of the page (its filters, its title)
 * stays, as TanStack Query's `isError` did on the pages that used it.
 */
export class LoadFailure extends Component<{ children: ReactNode }, { error: unknown }> {
  state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  render() {
    return this.state.error ? <ErrorNotice error={this.state.error} /> : this.props.children;
  }
}
