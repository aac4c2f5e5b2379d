// The stylesheets of the components on the first screens (login, resets, quick references), in
// Mantine's own order: a component's sheet comes after those of the components it builds on
// (UnstyledButton before Button, Text before Anchor, Input before PasswordInput), because equal
// selectors are decided by order. The full stylesheet comes with the signed-in shell.
// All of them are the `@layer mantine` editions: the theme's variables, which MantineProvider
// writes unlayered, then win over Mantine's defaults whatever order the sheets arrive in (the
// full sheet, loaded later, would otherwise put the default blue and gray back).
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/AppShell.layer.css';
