import { Component, type ErrorInfo, type ReactNode } from 'react';
import { t } from '@/lib/i18n';

/**
 * Last line of defence for errors outside the routes (toasts, drawers, providers): a plain page with a reload
 * button instead of a blank screen. Route errors are handled by the router's error component.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('[app] unhandled error', error, info.componentStack);
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="boot" role="alert">
        <img className="boot-logo" src="/icons/logo.svg" alt="" width={56} height={56} />
        <div className="boot-name">{t('app.unexpected')}</div>
        <div className="boot-text">{this.state.error.message}</div>
        <button type="button" className="boot-button" onClick={() => window.location.reload()}>
          {t('app.reload')}
        </button>
      </div>
    );
  }
}
