// The signed-in frame's chunk also carries the style sheets only its screens use (date pickers,
// tables, drop zones), so the sign-in page does not wait for them before its first paint.
import '@mantine/dropzone/styles.css';
import '@mantine/dates/styles.css';
import 'mantine-datatable/styles.css';

export { AppLayout } from './shell/app-layout';
