/** Texts of Home's notices list; each notice's own text is in its area's messages. */
export const noticesText = {
  heading: 'Needs your attention',
} as const;
