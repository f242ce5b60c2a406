// Mantine's style sheets, component by component instead of the whole 250 KB sheet: parsing
// and matching that sheet cost a mid-range phone more than the sign-in page's own scripts.
// A Mantine component used for the first time needs its sheet here, in the order Mantine's
// docs give (what a component builds on comes first) — or, for a component only a lazy chunk
// uses, in that chunk (the storage-blocked dialog imports the Modal's). Mantine's default
// variables, which MantineProvider relies on (it writes only those our theme changes), are
// inlined into index.html by vite.config.ts.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
