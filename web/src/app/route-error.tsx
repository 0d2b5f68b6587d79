import { Component, type ReactNode } from 'react';
import { Button, cx } from '../components/ui';
import styles from './route-error.module.css';

/** Last-resort screen when a page throws or its chunk fails to load (e.g. after a deploy or offline). */
export function RouteError() {
  return (
    <div className={cx('container-sm', styles.page)}>
      <title>Something went wrong</title>
      <h1 className={cx('t-h3', styles.title)}>Something went wrong</h1>
      <p className={styles.text}>This page could not be shown. Check your connection and try again.</p>
      <Button variant="contained" onClick={() => window.location.reload()}>
        Reload the page
      </Button>
    </div>
  );
}

export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error(error);
  }

  render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}
