import { useRouteError } from 'react-router';
import { authStore, storedTheme, storedUser } from '../api/storage';
import { i18n } from '../i18n';
import { isChunkLoadError, useReloadWhenOnline } from './lazy';

/**
 * Screens shown outside the Mantine provider (before the root renders, or when the root itself failed),
 * so they use plain elements and inline styles only.
 */
const centered = {
  minHeight: '100dvh',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: 12,
  fontFamily: 'system-ui, sans-serif',
} as const;

/** The colour scheme the app will start in, from what the last visit kept (the same rule as useSessionState). */
export function bootScheme(): 'light' | 'dark' {
  const user = storedUser();
  const wanted = storedTheme() ?? user?.theme;
  return user && wanted === 'dark' && user.rights?.dark_theme !== false ? 'dark' : 'light';
}

/**
 * The shell's outline (header, side menu or phone footer, a page title and a card) while the app's code and the
 * session load, for a person who is signed in: the page then fills in where the grey boxes were instead of after a
 * spinner on a blank screen. Plain elements and app.css only (`hw-boot-*`): it shows before Mantine's provider.
 */
export function BootSkeleton() {
  return (
    <div
      className="hw-boot"
      data-scheme={bootScheme()}
      role="status"
      aria-label={i18n.t('common.loading', { defaultValue: 'Loading…' })}
    >
      <div className="hw-boot-header">
        <span className="hw-boot-bar" style={{ width: 32, height: 32 }} />
        <span className="hw-boot-bar" style={{ width: 140, height: 14 }} />
        <span className="hw-boot-bar hw-boot-round" style={{ width: 34, height: 34, marginLeft: 'auto' }} />
      </div>
      <div className="hw-boot-navbar">
        {[70, 55, 80, 60, 75, 50, 65].map((width) => (
          <span key={width} className="hw-boot-bar" style={{ width: `${width}%`, height: 12, margin: '14px 12px' }} />
        ))}
      </div>
      <div className="hw-boot-main">
        <span className="hw-boot-bar" style={{ width: '30%', height: 20, margin: '7px 0 23px' }} />
        <div className="hw-boot-card">
          {[90, 73, 84, 67, 88, 71].map((width) => (
            <span
              key={width}
              className="hw-boot-bar"
              style={{ width: `${width}%`, height: 10, margin: '5px 0 21px' }}
            />
          ))}
        </div>
      </div>
      <div className="hw-boot-footer" />
    </div>
  );
}

/** While the first page's code loads: the shell's outline for a signed-in person, else a spinner. */
export function BootScreen() {
  return authStore.get().authorized ? <BootSkeleton /> : <BootSpinner />;
}

export function BootSpinner() {
  return (
    <div style={centered} role="status" aria-label={i18n.t('common.loading', { defaultValue: 'Loading…' })}>
      <style>{'@keyframes hw-spin{to{transform:rotate(360deg)}}'}</style>
      <div
        style={{
          width: 32,
          height: 32,
          borderRadius: '50%',
          border: '3px solid rgba(34,139,230,0.25)',
          borderTopColor: '#228be6',
          animation: 'hw-spin 0.8s linear infinite',
        }}
      />
    </div>
  );
}

/** The root failed: usually the app's own code did not arrive. English only if no language has loaded yet. */
export function RootError() {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  useReloadWhenOnline(chunk);
  return (
    <div style={centered} role="alert">
      <h1 style={{ fontSize: 22, margin: 0 }}>
        {chunk
          ? i18n.t('boot.loadFailed', { defaultValue: 'Failed to load the page' })
          : i18n.t('boot.crashed', { defaultValue: 'This page stopped working' })}
      </h1>
      <button type="button" onClick={() => window.location.reload()} style={{ padding: '8px 16px', fontSize: 15 }}>
        {i18n.t('common.retry', { defaultValue: 'Retry' })}
      </button>
    </div>
  );
}
