// Line icons for the content pages (decorative: aria-hidden; the text beside them carries the meaning).
const paths = {
  book: 'M4 5a2 2 0 012-2h13v16H6a2 2 0 00-2 2zM4 5v16M8 7h7',
  heart: 'M12 21s-8-5.2-8-11a4.5 4.5 0 018-2.8A4.5 4.5 0 0120 10c0 5.8-8 11-8 11z',
  sprout: 'M12 21v-9M12 12C12 7 8.5 4 4 4c0 5 3.5 8 8 8zM12 14c0-4 3-7 8-7 0 4.5-3 7-8 7z',
  coins: 'M12 8c4.4 0 8-1.3 8-3s-3.6-3-8-3-8 1.3-8 3 3.6 3 8 3zM4 5v6c0 1.7 3.6 3 8 3s8-1.3 8-3V5M4 11v6c0 1.7 3.6 3 8 3s8-1.3 8-3v-6',
  globe: 'M12 21a9 9 0 100-18 9 9 0 000 18zM3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z',
  users: 'M9 11a4 4 0 100-8 4 4 0 000 8zM2 21v-1a6 6 0 0112 0v1M16 3.5a4 4 0 010 7.5M22 21v-1a6 6 0 00-4-5.6',
  rocket: 'M5 15c-1.5 1.5-2 5-2 5s3.5-.5 5-2M9 15l-3-3c1.5-4 5-9 13-9 0 8-5 11.5-9 13zM15 9.5a1.5 1.5 0 100-3 1.5 1.5 0 000 3z',
  leaf: 'M5 21c0-9 5-15 16-16-1 11-7 16-16 16zM5 21l8-8',
  sun: 'M12 17a5 5 0 100-10 5 5 0 000 10zM12 1v2M12 21v2M4.2 4.2l1.4 1.4M18.4 18.4l1.4 1.4M1 12h2M21 12h2M4.2 19.8l1.4-1.4M18.4 5.6l1.4-1.4',
  drop: 'M12 3s7 7.5 7 12a7 7 0 01-14 0c0-4.5 7-12 7-12z',
  recycle: 'M7 19H4l2.5-4.5M17 19h3l-2.5-4.5M9 5l3-2 3 2M6.5 14.5L9 10M17.5 14.5L15 10M8 19h8',
  truck: 'M2 6h11v10H2zM13 10h4l4 4v2h-8M6.5 19a2 2 0 100-4 2 2 0 000 4zM17.5 19a2 2 0 100-4 2 2 0 000 4z',
  pill: 'M10.5 3.5a5 5 0 017 7l-7 7a5 5 0 01-7-7zM7 7l10 10',
  hospital: 'M3 21h18M5 21V7h14v14M9 21v-4h6v4M12 9v5M9.5 11.5h5',
  nurse: 'M12 11a4 4 0 100-8 4 4 0 000 8zM4 21v-1a8 8 0 0116 0v1M10.5 7h3M12 5.5v3',
  laptop: 'M4 5h16v10H4zM2 19h20',
  tools: 'M14.7 6.3a4 4 0 005 5L21 13l-8 8-1.3-1.3M14.7 6.3L13 4.5 4.5 13l2 2M9.3 17.7l-6 -6',
  bread: 'M4 11a4 4 0 010-8h16a4 4 0 010 8v9H4zM9 7v4M14 7v4',
  thread: 'M6 3h12M6 21h12M8 3v18M16 3v18M8 8l8 4M8 12l8 4',
  target: 'M12 21a9 9 0 100-18 9 9 0 000 18zM12 16a4 4 0 100-8 4 4 0 000 8zM12 12h.01',
  chart: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
} as const;

export type ContentIconName = keyof typeof paths;

export function ContentIcon({ name, size = 28 }: { name: ContentIconName; size?: number }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      className="content-icon"
    >
      <path d={paths[name]} />
    </svg>
  );
}
