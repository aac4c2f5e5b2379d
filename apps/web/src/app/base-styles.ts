// Mantine's page-wide sheets: the reset, its default CSS variables and global rules. Each
// component's own sheet comes with the component (vite.config.ts, mantineComponentCss), so the
// first screen loads only what it shows and later chunks bring theirs.
// All of them are the `@layer mantine` editions: the theme's variables, which MantineProvider
// writes unlayered, and global.css then win over Mantine's defaults whatever order sheets arrive in.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
