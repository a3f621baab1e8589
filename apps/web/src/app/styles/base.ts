// The Mantine styles the first screen needs (sign-in pages, start-up and status screens), instead of all 290 KiB
// of @mantine/core/styles.css. The rest comes with the shell (./shell.ts). Order matters: variables and the
// components other components are built on come first (mantine.dev "CSS files list"). Not default-css-variables.css
// (27 KB): the provider writes every variable itself (AppRoot, deduplicateCssVariables={false}).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Flex.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/ThemeIcon.css';
// Notification.css and @mantine/notifications/styles.css come with the toasts' host (app/NotificationsHost.tsx).
import '../app.css';
