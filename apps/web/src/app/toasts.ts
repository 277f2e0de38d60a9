// The toasts' container alone, for providers.tsx to load lazily: importing it through the package's
// index from there would make the whole package one chunk, and every screen that shows a toast
// (ui/notify.ts, which needs only the store) would load the container with its transitions.
export { Notifications } from '@mantine/notifications';
