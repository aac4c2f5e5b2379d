import dayjs from 'dayjs';

/** Dates of the temporary email screens, in the browser's time zone. */
export const formatWhen = (iso: string): string => dayjs(iso).format('MMM D, YYYY h:mm A');

/** An expiry choice: its label and the date it stands for. */
export const expiryLabel = (o: { date: string; label: string }): string =>
  `${o.label} — ${formatWhen(o.date)}`;
