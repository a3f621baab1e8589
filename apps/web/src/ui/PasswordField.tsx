import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from '../i18n';

/**
 * Mantine's password input with its show/hide button named in the person's language and reachable by Tab (Mantine
 * leaves it out of the tab order; a keyboard user needs it as much as anyone, WCAG 2.2 §2.1.1).
 */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      visibilityToggleFocusable
      visibilityToggleButtonProps={{ 'aria-label': t('common.togglePassword') }}
      {...props}
    />
  );
}
