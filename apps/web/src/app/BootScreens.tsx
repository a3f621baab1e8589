import { useRouteError } from 'react-router';
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
