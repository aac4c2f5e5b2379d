import { Skeleton } from '@mantine/core';
import { useEffect, useState } from 'react';

/**
 * The otpauth:// link as a QR code an authenticator app scans. The qrcode package is loaded with
 * this screen's chunk only, and draws an SVG: sharp at any zoom, shown as an image (CSP allows data:).
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((q) => q.toString(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }))
      .then((svg) => {
        if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => setSrc(null));
    return () => {
      live = false;
    };
  }, [text]);
  if (!src) return <Skeleton width={200} height={200} aria-hidden />;
  return (
    <img
      src={src}
      alt={label}
      width={200}
      height={200}
      // A light square in dark mode too: apps read dark modules on a light background.
      style={{ background: '#fff', borderRadius: 4 }}
    />
  );
}
